package io.railscope.source.kube;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.railscope.config.AuditSettings;
import io.railscope.config.CellConfig;
import io.railscope.config.IpamSettings;
import io.railscope.ops.FreePort;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A cell whose API server cannot be read says so in a user's words, against a local server that fails exactly that
 * way: the server, the kubeconfig and context, and the cause; never the token.
 */
@Execution(ExecutionMode.CONCURRENT)
class KubernetesErrorsTest {

    private static final String TOKEN = "rs-error-token-51c2";
    private static final CountDownLatch NEVER = new CountDownLatch(1);
    private static HttpServer server;
    private static ServerSocket plaintext;

    @BeforeAll
    static void start() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.setExecutor(Executors.newCachedThreadPool());
        server.createContext("/unauthorized/", exchange -> status(exchange, 401, "Unauthorized", "Unauthorized"));
        server.createContext(
                "/forbidden/",
                exchange -> status(
                        exchange,
                        403,
                        "Forbidden",
                        "nodes is forbidden: User \\\"system:serviceaccount:railscope:railscope\\\" cannot list resource"
                                + " \\\"nodes\\\" in API group \\\"\\\" at the cluster scope"));
        server.createContext("/silent/", exchange -> {
            try {
                NEVER.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        server.start();
        // answers whatever it is sent with plain HTTP, as a server behind a wrong port or without TLS does
        plaintext = new ServerSocket(0, 16, InetAddress.getLoopbackAddress());
        Thread answering = new Thread(() -> {
            while (!plaintext.isClosed()) {
                try (Socket socket = plaintext.accept()) {
                    socket.getOutputStream()
                            .write("HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n"
                                    .getBytes(StandardCharsets.US_ASCII));
                } catch (IOException e) {
                    // closed at the end of the tests, or a client that went away
                }
            }
        });
        answering.setDaemon(true);
        answering.start();
    }

    @AfterAll
    static void stop() {
        NEVER.countDown();
        server.stop(0);
        try {
            plaintext.close();
        } catch (IOException e) {
            // closing at the end
        }
    }

    static Stream<Arguments> failures() throws IOException {
        String local = "http://127.0.0.1:" + server.getAddress().getPort();
        return Stream.of(
                Arguments.of("refused", "https://127.0.0.1:" + FreePort.pick(), "connection refused"),
                Arguments.of(
                        "not resolved",
                        "https://api.no-such-cell.invalid:6443",
                        "name not resolved: api.no-such-cell.invalid"),
                // TLS spoken to a server that answers in plain HTTP
                Arguments.of("TLS", "https://127.0.0.1:" + plaintext.getLocalPort(), "TLS failure"),
                Arguments.of(
                        "401",
                        local + "/unauthorized",
                        "401 Unauthorized: the API server did not accept the credentials"),
                Arguments.of(
                        "403",
                        local + "/forbidden",
                        "403 Forbidden: the credentials may not list nodes; grant it in Railscope's ClusterRole"),
                Arguments.of("timeout", local + "/silent", "no answer in time"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("failures")
    void theErrorNamesTheServerTheKubeconfigAndTheCause(String title, String server, String cause) throws IOException {
        Path kubeconfig = Files.createTempFile("railscope-errors", ".kubeconfig");
        Files.writeString(kubeconfig, """
                apiVersion: v1
                kind: Config
                clusters: [{name: c, cluster: {server: "%s"}}]
                users: [{name: u, user: {token: %s}}]
                contexts: [{name: prod-east, context: {cluster: c, user: u}}]
                current-context: prod-east
                """.formatted(server, TOKEN));
        CellConfig.Kubernetes kubernetes =
                new CredentialsNotShownTest.Kubernetes(Optional.empty(), Optional.of(kubeconfig.toString()), false);
        var client = KubernetesClients.create(kubernetes, Duration.ofMillis(1500));
        try {
            KubernetesIpamSource source = new KubernetesIpamSource(
                    client,
                    IpamSettings.defaults(),
                    AuditSettings.defaults(),
                    8,
                    Clock.systemUTC(),
                    KubernetesClients.where(kubernetes, client));
            Throwable error = catchThrowable(source::fetchKubernetes);
            assertThat(error).isNotNull();
            assertThat(error.getMessage())
                    .startsWith("Kubernetes API " + server.replaceAll("/+$", ""))
                    .contains("kubeconfig " + kubeconfig, "context prod-east", cause)
                    .doesNotContain(TOKEN);
            source.close();
        } finally {
            client.close();
        }
    }

    private static void status(HttpExchange exchange, int code, String reason, String message) throws IOException {
        byte[] body =
                ("{\"kind\":\"Status\",\"apiVersion\":\"v1\",\"metadata\":{},\"status\":\"Failure\",\"message\":\""
                                + message + "\",\"reason\":\"" + reason + "\",\"code\":" + code + "}")
                        .getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().add("Content-Type", "application/json");
        exchange.sendResponseHeaders(code, body.length);
        exchange.getResponseBody().write(body);
        exchange.close();
    }
}
