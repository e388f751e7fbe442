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
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Serves prepared list responses from files on 127.0.0.1, page by page: a list request for {@code <path>} with
 * {@code continue=N} gets {@code <dir>/<path>/N.json} (0 without a token). An unknown list is an empty one. A watch
 * ({@code watch=true}) is served as the API server serves it to a client without WebSocket: one long response of
 * newline-delimited events, here the events {@link #send} is given. Counts the bytes it serves, lists and watches
 * apart. Used by the benchmarks to feed a real fabric8 client.
 */
public final class PreparedApi implements AutoCloseable {

    private final HttpServer server;
    private final Path directory;
    private final Map<String, List<OutputStream>> watches = new ConcurrentHashMap<>();
    private final CountDownLatch closing = new CountDownLatch(1);
    private final AtomicLong listBytes = new AtomicLong();
    private final AtomicLong watchBytes = new AtomicLong();

    public PreparedApi(Path directory) throws IOException {
        this.directory = directory;
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        // a watch holds its thread for as long as it runs
        server.setExecutor(Executors.newCachedThreadPool());
        server.createContext("/", this::serve);
        server.start();
    }

    public String url() {
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    /** Bytes of list responses served so far. */
    public long listBytes() {
        return listBytes.get();
    }

    /** Bytes of watch events served so far. */
    public long watchBytes() {
        return watchBytes.get();
    }

    /** Watches open on {@code path} (e.g. /api/v1/pods). */
    public int watching(String path) {
        return watches.getOrDefault(path, List.of()).size();
    }

    /** Sends one event ({@code type} and the object's JSON) to every watch of {@code path}. */
    public void send(String path, String type, String object) throws IOException {
        byte[] event = ("{\"type\":\"" + type + "\",\"object\":" + object + "}\n").getBytes(StandardCharsets.UTF_8);
        for (OutputStream watch : watches.getOrDefault(path, List.of())) {
            synchronized (watch) {
                watch.write(event);
            }
            watchBytes.addAndGet(event.length);
        }
    }

    /** Pushes what {@link #send} wrote to the watches of {@code path} onto the wire. */
    public void flush(String path) throws IOException {
        for (OutputStream watch : watches.getOrDefault(path, List.of())) {
            synchronized (watch) {
                watch.flush();
            }
        }
    }

    private void serve(HttpExchange exchange) throws IOException {
        URI uri = exchange.getRequestURI();
        String query = uri.getQuery() == null ? "" : uri.getQuery();
        if (query.contains("watch=true")) {
            watch(exchange, uri.getPath());
            return;
        }
        String page = "0";
        for (String parameter : query.split("&")) {
            if (parameter.startsWith("continue=")) {
                page = parameter.substring("continue=".length());
            }
        }
        Path file = directory.resolve(uri.getPath().substring(1)).resolve(page + ".json");
        byte[] body = Files.exists(file)
                ? Files.readAllBytes(file)
                : "{\"apiVersion\":\"v1\",\"kind\":\"List\",\"metadata\":{},\"items\":[]}"
                        .getBytes(StandardCharsets.UTF_8);
        listBytes.addAndGet(body.length);
        exchange.getResponseHeaders().add("Content-Type", "application/json");
        // the JDK server closes idle kept-alive connections under the client; a fresh connection per page avoids the
        // race
        exchange.getResponseHeaders().add("Connection", "close");
        exchange.sendResponseHeaders(200, body.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(body);
        }
    }

    private void watch(HttpExchange exchange, String path) throws IOException {
        if (exchange.getRequestHeaders().containsKey("Upgrade")) {
            // no WebSocket here: a 200 to the upgrade makes fabric8 watch over one long HTTP response instead
            exchange.sendResponseHeaders(200, -1);
            exchange.close();
            return;
        }
        exchange.getResponseHeaders().add("Content-Type", "application/json");
        exchange.sendResponseHeaders(200, 0);
        OutputStream out = exchange.getResponseBody();
        watches.computeIfAbsent(path, key -> new CopyOnWriteArrayList<>()).add(out);
        try {
            closing.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            watches.get(path).remove(out);
            exchange.close();
        }
    }

    @Override
    public void close() {
        closing.countDown();
        server.stop(0);
    }
}
