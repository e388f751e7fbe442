package io.railscope.source.kube;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.ListOptions;
import io.fabric8.kubernetes.api.model.ListOptionsBuilder;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.Watch;
import io.fabric8.kubernetes.client.Watcher;
import io.fabric8.kubernetes.client.WatcherException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BiConsumer;
import java.util.function.Function;

/**
 * One kind of a cell's objects kept current: listed once, then watched from the list's resourceVersion with
 * bookmarks, each object kept in the compact form Railscope reads. A watch the API server ends with 410 Gone (the
 * version has been compacted away), or one that closes for good, is listed again at the next read; a connection that
 * drops is resumed by the client from the last version it saw. Reads never go to the API server while the watch holds.
 *
 * @param <T> the API type the watch delivers
 * @param <R> what Railscope keeps of each object
 */
final class WatchedKind<T extends HasMetadata, R> implements AutoCloseable {

    /**
     * Lists every object into {@code each} (key, compact form, or the problem that kept it out); returns the list's
     * resourceVersion, or null when the API does not serve the kind.
     */
    @FunctionalInterface
    interface Lister<R> {
        String list(BiConsumer<String, Kept<R>> each);
    }

    /** Starts a watch from a resourceVersion. */
    @FunctionalInterface
    interface Watching<T> {
        Watch watch(ListOptions options, Watcher<T> watcher);
    }

    /** What is kept of one object: its compact form, or why it could not be read. */
    record Kept<R>(R value, String problem) {}

    private final String kind;
    private final Lister<R> lister;
    private final Watching<T> watching;
    private final Function<T, Kept<R>> convert;
    private volatile Map<String, Kept<R>> objects = new ConcurrentHashMap<>();
    private final AtomicLong events = new AtomicLong();
    private final AtomicLong lists = new AtomicLong();
    private volatile Watch watch;
    private volatile long generation;
    private volatile String stale = "not listed yet";

    WatchedKind(String kind, Lister<R> lister, Watching<T> watching, Function<T, Kept<R>> convert) {
        this.kind = kind;
        this.lister = lister;
        this.watching = watching;
        this.convert = convert;
    }

    static String key(HasMetadata object) {
        String namespace = object.getMetadata().getNamespace();
        return namespace == null
                ? object.getMetadata().getName()
                : namespace + "/" + object.getMetadata().getName();
    }

    /** The objects as the watch has them now, listing first when there is no watch or it ended. */
    synchronized Current<R> current() {
        if (stale != null) {
            relist();
        }
        List<R> values = new ArrayList<>(objects.size());
        List<String> problems = new ArrayList<>(0);
        for (Kept<R> kept : objects.values()) {
            if (kept.value() != null) {
                values.add(kept.value());
            } else if (kept.problem() != null) {
                problems.add(kept.problem());
            }
        }
        return new Current<>(values, problems);
    }

    /** The objects and the problems of those that could not be read. */
    record Current<R>(List<R> values, List<String> problems) {}

    /** Full lists so far (the first, and one after each watch that ended). */
    long lists() {
        return lists.get();
    }

    /** Watch events applied so far. */
    long events() {
        return events.get();
    }

    /** Ends the watch and forgets the objects; a read after this lists again. */
    @Override
    public synchronized void close() {
        stopWatch();
        objects.clear();
        stale = "closed";
    }

    private void relist() {
        stopWatch();
        // the old objects are let go before the list: a large cell is not held twice while it is listed again
        objects = new ConcurrentHashMap<>();
        Map<String, Kept<R>> listed = new ConcurrentHashMap<>();
        String version = lister.list(listed::put);
        lists.incrementAndGet();
        objects = listed;
        if (version == null) {
            // not served here (404): listed again at the next read, so a kind installed later is seen
            stale = kind + " not served";
            return;
        }
        stale = null;
        ListOptions options = new ListOptionsBuilder()
                .withResourceVersion(version)
                .withAllowWatchBookmarks(true)
                .build();
        try {
            watch = watching.watch(options, new Applier(++generation));
        } catch (KubernetesClientException e) {
            stale = "watch of " + kind + " did not start: " + e.getMessage();
        }
    }

    private void stopWatch() {
        generation++;
        Watch running = watch;
        watch = null;
        if (running != null) {
            running.close();
        }
    }

    /** Applies the events of one watch; once a newer watch started, a late event of this one is dropped. */
    private final class Applier implements Watcher<T> {

        private final long of;

        Applier(long of) {
            this.of = of;
        }

        @Override
        public void eventReceived(Action action, T object) {
            if (of != generation
                    || object == null
                    || object.getMetadata() == null
                    || object.getMetadata().getName() == null) {
                return;
            }
            switch (action) {
                case ADDED, MODIFIED -> objects.put(key(object), convert.apply(object));
                case DELETED -> objects.remove(key(object));
                default -> {
                    return;
                }
            }
            events.incrementAndGet();
        }

        @Override
        public void onClose(WatcherException cause) {
            if (of != generation) {
                return;
            }
            stale = cause.isHttpGone()
                    ? "watch of " + kind + " expired (410 Gone)"
                    : "watch of " + kind + " ended: " + cause.getMessage();
        }

        @Override
        public void onClose() {
            // closed by this side
        }
    }
}
