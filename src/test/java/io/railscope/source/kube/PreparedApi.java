package io.railscope.source.kube;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Executors;

/**
 * Serves prepared list responses from files on 127.0.0.1, page by page: a list request for
 * {@code <path>} with {@code continue=N} gets {@code <dir>/<path>/N.json} (0 without a token). An
 * unknown list is an empty one. Used by the IPAM benchmark to feed a real fabric8 client.
 */
final class PreparedApi implements AutoCloseable {

    private final HttpServer server;
    private final Path directory;

    PreparedApi(Path directory) throws IOException {
        this.directory = directory;
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.setExecutor(Executors.newFixedThreadPool(2));
        server.createContext("/", this::serve);
        server.start();
    }

    String url() {
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    private void serve(HttpExchange exchange) throws IOException {
        URI uri = exchange.getRequestURI();
        String page = "0";
        if (uri.getQuery() != null) {
            for (String parameter : uri.getQuery().split("&")) {
                if (parameter.startsWith("continue=")) {
                    page = parameter.substring("continue=".length());
                }
            }
        }
        Path file = directory.resolve(uri.getPath().substring(1)).resolve(page + ".json");
        byte[] body = Files.exists(file)
                ? Files.readAllBytes(file)
                : "{\"apiVersion\":\"v1\",\"kind\":\"List\",\"metadata\":{},\"items\":[]}"
                        .getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().add("Content-Type", "application/json");
        // the JDK server closes idle kept-alive connections under the client; a fresh connection per page avoids the
        // race
        exchange.getResponseHeaders().add("Connection", "close");
        exchange.sendResponseHeaders(200, body.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(body);
        }
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
