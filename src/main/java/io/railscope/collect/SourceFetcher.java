package io.railscope.collect;

import io.railscope.model.SourceKind;
import io.railscope.source.CellSources.SnapshotFetch;
import io.railscope.source.SourceOutcome;
import io.railscope.source.SourceProblems;
import io.railscope.telemetry.SelfMetrics;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Fetches every source of one cell in parallel, each bounded by the same deadline. A fetch that
 * overruns is interrupted and reported; while its thread has not left it, the next collection reports
 * it still running instead of starting another, so a hung source cannot pile up threads.
 */
final class SourceFetcher {

    private final String cell;
    private final Map<SourceKind, SnapshotFetch> fetches;
    private final ExecutorService executor;
    private final Duration timeout;
    private final Clock clock;
    private final SelfMetrics metrics;
    private final Map<SourceKind, Running> running = new EnumMap<>(SourceKind.class);

    SourceFetcher(
            String cell,
            Map<SourceKind, SnapshotFetch> fetches,
            ExecutorService executor,
            Duration timeout,
            Clock clock,
            SelfMetrics metrics) {
        this.cell = cell;
        this.fetches = Map.copyOf(fetches);
        this.executor = executor;
        this.timeout = timeout;
        this.clock = clock;
        this.metrics = metrics;
    }

    FetchResults fetchAll() {
        Instant started = clock.instant();
        long deadline = System.nanoTime() + timeout.toNanos();
        FetchResults results = new FetchResults();
        Map<SourceKind, Future<Object>> submitted = new EnumMap<>(SourceKind.class);
        for (Map.Entry<SourceKind, SnapshotFetch> entry : fetches.entrySet()) {
            SourceKind kind = entry.getKey();
            Running previous = running.get(kind);
            if (previous != null && previous.stillRunning()) {
                long seconds = Duration.between(previous.started, started).toSeconds();
                fail(
                        results,
                        kind,
                        started,
                        0,
                        "previous fetch still running after " + seconds + " s (timeout " + timeout.toSeconds()
                                + " s); the source ignores interruption");
                continue;
            }
            Running run = new Running(entry.getValue(), started);
            run.future = executor.submit(run::fetch);
            running.put(kind, run);
            submitted.put(kind, run.future);
        }
        for (Map.Entry<SourceKind, Future<Object>> entry : submitted.entrySet()) {
            SourceKind kind = entry.getKey();
            Future<Object> future = entry.getValue();
            try {
                Object snapshot = future.get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
                long millis = Duration.between(started, clock.instant()).toMillis();
                results.succeeded(new SourceOutcome(kind, started, millis, null, problems(snapshot)), snapshot);
                metrics.sourceDuration.labels(cell, kind.label()).observe(millis / 1000.0);
                metrics.lastSuccess.labels(cell, kind.label()).set(clock.millis() / 1000.0);
            } catch (TimeoutException e) {
                future.cancel(true);
                fail(results, kind, started, timeout.toMillis(), "timed out after " + timeout.toSeconds() + " s");
            } catch (ExecutionException e) {
                fail(
                        results,
                        kind,
                        started,
                        Duration.between(started, clock.instant()).toMillis(),
                        describe(e.getCause()));
            } catch (InterruptedException e) {
                future.cancel(true);
                Thread.currentThread().interrupt();
                fail(
                        results,
                        kind,
                        started,
                        Duration.between(started, clock.instant()).toMillis(),
                        "collection interrupted");
            }
        }
        return results;
    }

    private void fail(FetchResults results, SourceKind kind, Instant started, long millis, String error) {
        results.failed(new SourceOutcome(kind, started, millis, error));
        metrics.sourceErrors.labels(cell, kind.label()).inc();
        metrics.sourceDuration.labels(cell, kind.label()).observe(millis / 1000.0);
    }

    private static String problems(Object snapshot) {
        return snapshot instanceof SourceProblems said && !said.problems().isEmpty()
                ? String.join("; ", said.problems())
                : null;
    }

    static String describe(Throwable error) {
        String message = error.getMessage();
        String type = error.getClass().getSimpleName();
        return message == null || message.isBlank() ? type : type + ": " + message;
    }

    /**
     * One fetch of one source. Whether it still runs is told by the thread that runs it, not by its
     * future: {@code cancel(true)} makes the future done while the thread may still be blocked in a read.
     */
    private static final class Running {
        private final SnapshotFetch fetch;
        private final Instant started;
        private final AtomicReference<Thread> thread = new AtomicReference<>();
        private final AtomicBoolean begun = new AtomicBoolean();
        private volatile Future<Object> future;

        Running(SnapshotFetch fetch, Instant started) {
            this.fetch = fetch;
            this.started = started;
        }

        Object fetch() throws Exception {
            thread.set(Thread.currentThread());
            begun.set(true);
            try {
                return fetch.fetch();
            } finally {
                thread.set(null);
            }
        }

        /** Running on a thread, or submitted and neither started nor cancelled yet. */
        boolean stillRunning() {
            return thread.get() != null || (!begun.get() && !future.isDone());
        }
    }
}
