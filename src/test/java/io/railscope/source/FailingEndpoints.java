package io.railscope.source;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.railscope.ops.FreePort;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;

/**
 * Local endpoints that each fail exactly one way, for the tests of errors in a user's words. Paths on {@link #http()}:
 * {@code /k8s-unauthorized} and {@code /k8s-forbidden} answer as an API server does (a Status object),
 * {@code /unauthorized} and {@code /forbidden} as an authenticating proxy does (a line of text), {@code /silent} never
 * answers.
 */
public final class FailingEndpoints implements AutoCloseable {

    /** A host name that never resolves ({@code .invalid} is reserved for that, RFC 2606). */
    public static final String UNRESOLVED = "no-such-endpoint.invalid";

    private final CountDownLatch never = new CountDownLatch(1);
    private final HttpServer server;
    private final ServerSocket plaintext;

    public FailingEndpoints() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.setExecutor(Executors.newCachedThreadPool());
        server.createContext("/k8s-unauthorized/", exchange -> status(exchange, 401, "Unauthorized", "Unauthorized"));
        server.createContext("/k8s-forbidden/", FailingEndpoints::forbiddenAsAnApiServerSaysIt);
        // the tenant error of the Cortex lineage (user.ErrNoOrgID) when X-Scope-OrgID is missing
        server.createContext("/unauthorized/", exchange -> text(exchange, 401, "no org id"));
        server.createContext("/forbidden/", exchange -> text(exchange, 403, "Forbidden"));
        server.createContext("/silent/", exchange -> {
            try {
                never.await();
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

    /** host:port of the HTTP server whose paths fail as the class says. */
    public String http() {
        return "127.0.0.1:" + server.getAddress().getPort();
    }

    /** host:port of a server that answers plain HTTP to anything: TLS spoken to it fails. */
    public String plaintext() {
        return "127.0.0.1:" + plaintext.getLocalPort();
    }

    /** host:port where nothing listens. */
    public static String refused() throws IOException {
        return "127.0.0.1:" + FreePort.pick();
    }

    @Override
    public void close() {
        never.countDown();
        server.stop(0);
        try {
            plaintext.close();
        } catch (IOException e) {
            // closing at the end
        }
    }

    private static void status(HttpExchange exchange, int code, String reason, String message) throws IOException {
        String body = "{\"kind\":\"Status\",\"apiVersion\":\"v1\",\"metadata\":{},\"status\":\"Failure\",\"message\":\""
                + message + "\",\"reason\":\"" + reason + "\",\"code\":" + code + "}";
        answer(exchange, code, "application/json", body);
    }

    /**
     * A 403 in the API server's words for the resource asked for ({@code /api/v1/pods} or
     * {@code /apis/<group>/<version>/<resource>}, listed at the cluster scope).
     */
    private static void forbiddenAsAnApiServerSaysIt(HttpExchange exchange) throws IOException {
        String[] path = exchange.getRequestURI().getPath().split("/");
        String resource = path[path.length - 1];
        int apis = Arrays.asList(path).indexOf("apis");
        String group = apis >= 0 && apis + 1 < path.length ? path[apis + 1] : "";
        status(
                exchange,
                403,
                "Forbidden",
                resource + " is forbidden: User \\\"system:serviceaccount:railscope:railscope\\\" cannot list resource"
                        + " \\\"" + resource + "\\\" in API group \\\"" + group + "\\\" at the cluster scope");
    }

    private static void text(HttpExchange exchange, int code, String line) throws IOException {
        answer(exchange, code, "text/plain; charset=utf-8", line + "\n");
    }

    private static void answer(HttpExchange exchange, int code, String type, String text) throws IOException {
        byte[] body = text.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().add("Content-Type", type);
        exchange.sendResponseHeaders(code, body.length);
        exchange.getResponseBody().write(body);
        exchange.close();
    }
}
