package io.railscope.source.kube;

import io.fabric8.mockwebserver.http.MockResponse;
import io.fabric8.mockwebserver.http.RecordedRequest;
import io.fabric8.mockwebserver.http.Response;
import io.fabric8.mockwebserver.http.WebSocket;
import io.fabric8.mockwebserver.http.WebSocketListener;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The lists and watches a {@link MockCell} serves: lists counted per resource, watch requests kept, open watches
 * dropped from the server's side, and watches answered as from a version compaction has removed.
 */
public final class MockWatches {

    private static final String EXPIRED = """
            {"type":"ERROR","object":{"kind":"Status","apiVersion":"v1","metadata":{},"status":"Failure",\
            "message":"too old resource version: 1 (4711)","reason":"Expired","code":410}}""";

    private final Map<String, AtomicInteger> toExpire = new ConcurrentHashMap<>();
    private final Map<String, AtomicInteger> lists = new ConcurrentHashMap<>();
    private final List<String> requests = new CopyOnWriteArrayList<>();
    private final Map<WebSocket, String> open = new ConcurrentHashMap<>();

    /**
     * Answers the next {@code times} watches of {@code resourcePath} (e.g. /api/v1/pods) as the API server answers a
     * watch from a version compaction has removed: an ERROR event with Status 410 Gone.
     */
    public void expire(String resourcePath, int times) {
        toExpire.put(resourcePath, new AtomicInteger(times));
    }

    /** GET requests to {@code resourcePath} that were no watch: lists (and reads) of it so far. */
    public int lists(String resourcePath) {
        AtomicInteger count = lists.get(resourcePath);
        return count == null ? 0 : count.get();
    }

    /** The watch requests so far, path and query (a resumed watch carries the resourceVersion it resumes from). */
    public List<String> requests() {
        return List.copyOf(requests);
    }

    /** Watches of {@code resourcePath} open now. */
    public long open(String resourcePath) {
        return open.values().stream().filter(resourcePath::equals).count();
    }

    /** Drops every open watch from the server's side, as a load balancer or an API server restart does. */
    public void drop() {
        open.keySet().forEach(socket -> socket.close(1001, "going away"));
        open.clear();
    }

    /** Counts a list; answers a watch that is to expire. Null when the request goes on to the CRUD server. */
    MockResponse intercept(RecordedRequest request) {
        String path = request.getPath();
        String resource = path.replaceAll("\\?.*", "");
        if (!path.contains("watch=true")) {
            if ("GET".equals(request.getMethod())) {
                lists.computeIfAbsent(resource, key -> new AtomicInteger()).incrementAndGet();
            }
            return null;
        }
        AtomicInteger expire = toExpire.get(resource);
        if (expire == null || expire.getAndDecrement() <= 0) {
            return null;
        }
        // the watch opens, its one event is an ERROR carrying Status 410, then it ends
        return new MockResponse().withWebSocketUpgrade(new WebSocketListener() {
            @Override
            public void onOpen(WebSocket socket, Response response) {
                socket.send(EXPIRED);
                socket.close(1000, "");
            }
        });
    }

    /** The CRUD server's answer to a watch, its WebSocket kept so that {@link #drop} can close it. */
    MockResponse kept(String path, MockResponse served) {
        requests.add(path);
        WebSocketListener listener = served.getWebSocketListener();
        return listener == null
                ? served
                : served.withWebSocketUpgrade(new KeptWatch(listener, path.replaceAll("\\?.*", "")));
    }

    private final class KeptWatch extends WebSocketListener {
        private final WebSocketListener served;
        private final String resource;

        KeptWatch(WebSocketListener served, String resource) {
            this.served = served;
            this.resource = resource;
        }

        @Override
        public void onOpen(WebSocket socket, Response response) {
            open.put(socket, resource);
            served.onOpen(socket, response);
        }

        @Override
        public void onClosing(WebSocket socket, int code, String reason) {
            open.remove(socket);
            served.onClosing(socket, code, reason);
        }

        @Override
        public void onClosed(WebSocket socket, int code, String reason) {
            open.remove(socket);
            served.onClosed(socket, code, reason);
        }

        @Override
        public void onFailure(WebSocket socket, Throwable failure, Response response) {
            open.remove(socket);
            served.onFailure(socket, failure, response);
        }
    }
}
