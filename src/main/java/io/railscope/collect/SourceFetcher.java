package io.railscope.collect;

import io.railscope.model.SourceKind;
import io.railscope.source.CellSources.SnapshotFetch;
import io.railscope.store.CellCollection.SourceOutcome;
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

/**
 * Fetches every source of one cell in parallel, each bounded by the same deadline. A fetch that
 * overruns is interrupted and reported; while it has not ended, the next collection reports it
 * still running instead of starting another, so a hung source cannot pile up threads.
 */
final class SourceFetcher {

    private final String cell;
    private final Map<SourceKind, SnapshotFetch> fetches;
    private final ExecutorService executor;
    private final Duration timeout;
    private final Clock clock;
    private final SelfMetrics metrics;
    private final Map<SourceKind, Running> running = new EnumMap<>(SourceKind.class);

    SourceFetcher(String cell, Map<SourceKind, SnapshotFetch> fetches, ExecutorService executor, Duration timeout, Clock clock,
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
            if (previous != null && !previous.future.isDone()) {
                long seconds = Duration.between(previous.started, started).toSeconds();
                fail(results, kind, started, 0, "previous fetch still running after " + seconds + " s (timeout "
                        + timeout.toSeconds() + " s); the source ignores interruption");
                continue;
            }
            SnapshotFetch fetch = entry.getValue();
            Future<Object> future = executor.submit(fetch::fetch);
            running.put(kind, new Running(future, started));
            submitted.put(kind, future);
        }
        for (Map.Entry<SourceKind, Future<Object>> entry : submitted.entrySet()) {
            SourceKind kind = entry.getKey();
            Future<Object> future = entry.getValue();
            try {
                Object snapshot = future.get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
                long millis = Duration.between(started, clock.instant()).toMillis();
                results.succeeded(new SourceOutcome(kind, started, millis, null), snapshot);
                metrics.sourceDuration.labels(cell, kind.label()).observe(millis / 1000.0);
                metrics.lastSuccess.labels(cell, kind.label()).set(clock.millis() / 1000.0);
            } catch (TimeoutException e) {
                future.cancel(true);
                fail(results, kind, started, timeout.toMillis(), "timed out after " + timeout.toSeconds() + " s");
            } catch (ExecutionException e) {
                fail(results, kind, started, Duration.between(started, clock.instant()).toMillis(), describe(e.getCause()));
            } catch (InterruptedException e) {
                future.cancel(true);
                Thread.currentThread().interrupt();
                fail(results, kind, started, Duration.between(started, clock.instant()).toMillis(), "collection interrupted");
            }
        }
        return results;
    }

    private void fail(FetchResults results, SourceKind kind, Instant started, long millis, String error) {
        results.failed(new SourceOutcome(kind, started, millis, error));
        metrics.sourceErrors.labels(cell, kind.label()).inc();
        metrics.sourceDuration.labels(cell, kind.label()).observe(millis / 1000.0);
    }

    static String describe(Throwable error) {
        String message = error.getMessage();
        String type = error.getClass().getSimpleName();
        return message == null || message.isBlank() ? type : type + ": " + message;
    }

    private record Running(Future<Object> future, Instant started) {
    }
}
