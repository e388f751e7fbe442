package io.railscope.source.kube;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import com.sun.net.httpserver.HttpServer;
import io.railscope.config.AuditSettings;
import io.railscope.config.CellConfig;
import io.railscope.config.IpamSettings;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

/**
 * What Railscope says when a cell's credentials are wrong: the reason, never the credentials. The
 * messages checked here are what the cell page, the API and the log show as the source's error.
 */
@Execution(ExecutionMode.CONCURRENT)
class CredentialsNotShownTest {

    private static final String TOKEN = "rs-secret-token-7f3a9c";
    private static final String KEY = "cnMtc2VjcmV0LWtleS1kYXRh";

    record Kubernetes(Optional<String> context, Optional<String> kubeconfig, boolean inCluster)
            implements CellConfig.Kubernetes {

        @Override
        public Optional<Boolean> enabled() {
            return Optional.empty();
        }
    }

    @Test
    void aMalformedKubeconfigIsReportedWithoutItsContent() throws Exception {
        Path file = Files.createTempFile("railscope-bad", ".kubeconfig");
        Files.writeString(file, """
                apiVersion: v1
                kind: Config
                clusters: [{name: c, cluster: {server: "https://127.0.0.1:1"}}]
                users:
                  - name: u
                    user: {token: %s, client-key-data: %s, : : [
                contexts: [{name: c, context: {cluster: c, user: u}}]
                current-context: c
                """.formatted(TOKEN, KEY));
        Throwable error = catchThrowable(() -> KubernetesClients.create(
                new Kubernetes(Optional.empty(), Optional.of(file.toString()), false), Duration.ofSeconds(2)));
        assertThat(error).isNotNull();
        assertThat(error.getMessage())
                .contains(file.toString())
                .doesNotContain(TOKEN)
                .doesNotContain(KEY);
        assertThat(causes(error)).doesNotContain(TOKEN).doesNotContain(KEY);
    }

    @Test
    void aRejectedTokenIsReportedWithoutTheToken() throws Exception {
        List<String> authorizations = new CopyOnWriteArrayList<>();
        HttpServer apiServer = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        apiServer.createContext("/", exchange -> {
            authorizations.add(String.valueOf(exchange.getRequestHeaders().getFirst("Authorization")));
            byte[] body =
                    "{\"kind\":\"Status\",\"apiVersion\":\"v1\",\"status\":\"Failure\",\"message\":\"Unauthorized\",\"reason\":\"Unauthorized\",\"code\":401}"
                            .getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("Content-Type", "application/json");
            exchange.sendResponseHeaders(401, body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
        });
        apiServer.start();
        try {
            Path file = Files.createTempFile("railscope-rejected", ".kubeconfig");
            Files.writeString(file, """
                    apiVersion: v1
                    kind: Config
                    clusters: [{name: c, cluster: {server: "http://127.0.0.1:%d"}}]
                    users: [{name: u, user: {token: %s}}]
                    contexts: [{name: c, context: {cluster: c, user: u}}]
                    current-context: c
                    """.formatted(apiServer.getAddress().getPort(), TOKEN));
            var client = KubernetesClients.create(
                    new Kubernetes(Optional.empty(), Optional.of(file.toString()), false), Duration.ofSeconds(2));
            try (KubernetesIpamSource source = new KubernetesIpamSource(
                    client, IpamSettings.defaults(), AuditSettings.defaults(), 8, Clock.systemUTC())) {
                Throwable error = catchThrowable(source::fetchKubernetes);
                // the token was sent and refused; what is shown says so without it
                assertThat(authorizations).contains("Bearer " + TOKEN);
                assertThat(error).isNotNull();
                assertThat(error.getMessage()).contains("Unauthorized").doesNotContain(TOKEN);
                assertThat(causes(error)).doesNotContain(TOKEN);
            }
        } finally {
            apiServer.stop(0);
        }
    }

    private static String causes(Throwable error) {
        StringBuilder all = new StringBuilder();
        for (Throwable t = error; t != null; t = t.getCause()) {
            all.append(t).append('\n');
        }
        return all.toString();
    }
}
