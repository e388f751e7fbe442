package io.railscope.notify;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A webhook receiver on 127.0.0.1 that keeps what it is sent, by path: {@code /hook} answers 200,
 * {@code /broken} answers 500, {@code /late} answers 200 after 100 ms (far slower than the others, well within
 * the delivery timeout);
 * while {@link #down} it takes nothing.
 */
public final class WebhookCapture implements AutoCloseable {

    /** One request: its path, its User-Agent, its body, its Idempotency-Key, and when it arrived ({@link System#nanoTime()}). */
    public record Received(String path, String userAgent, String body, String idempotencyKey, long arrivedNanos) {

        public Received(String path, String userAgent, String body) {
            this(path, userAgent, body, null, System.nanoTime());
        }
    }

    private final HttpServer server;
    private final List<Received> received = new CopyOnWriteArrayList<>();
    private final AtomicInteger broken = new AtomicInteger();
    private volatile boolean down;

    public WebhookCapture() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 16);
        server.setExecutor(Executors.newFixedThreadPool(4, runnable -> {
            Thread thread = new Thread(runnable, "webhook-capture");
            thread.setDaemon(true);
            return thread;
        }));
        server.createContext("/", exchange -> {
            long arrived = System.nanoTime();
            String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
            String path = exchange.getRequestURI().getPath();
            if (down) {
                // a receiver that is down takes nothing: the connection ends without an answer
                exchange.close();
                return;
            }
            received.add(new Received(
                    path,
                    exchange.getRequestHeaders().getFirst("User-Agent"),
                    body,
                    exchange.getRequestHeaders().getFirst("Idempotency-Key"),
                    arrived));
            if (path.equals("/late")) {
                try {
                    Thread.sleep(100);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            int status = path.equals("/broken") ? 500 : 200;
            if (status == 500) {
                broken.incrementAndGet();
            }
            byte[] answer = (status == 200 ? "ok" : "receiver exploded").getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("Connection", "close");
            exchange.sendResponseHeaders(status, answer.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(answer);
            }
        });
        server.start();
    }

    public URI url(String path) {
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort() + path);
    }

    /** Takes nothing while down; takes and answers again when up. */
    public void down(boolean down) {
        this.down = down;
    }

    public List<Received> received() {
        return List.copyOf(received);
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
