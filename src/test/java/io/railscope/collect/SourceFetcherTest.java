package io.railscope.collect;

import static org.assertj.core.api.Assertions.assertThat;

import io.railscope.model.SourceKind;
import io.railscope.source.CellSources.SnapshotFetch;
import io.railscope.source.SourceOutcome;
import io.railscope.telemetry.SelfMetrics;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

/** The guard against overlapping fetches of one source. */
@Execution(ExecutionMode.CONCURRENT)
class SourceFetcherTest {

    private final ExecutorService executor = Executors.newCachedThreadPool();

    @AfterEach
    void stop() {
        executor.shutdownNow();
    }

    @Test
    void aFetchThatIgnoresInterruptionIsNotStartedAgainUntilItsThreadLeavesIt() {
        CountDownLatch release = new CountDownLatch(1);
        AtomicInteger started = new AtomicInteger();
        SnapshotFetch stubborn = () -> {
            started.incrementAndGet();
            boolean released = false;
            while (!released) {
                try {
                    released = release.await(1, TimeUnit.MINUTES);
                } catch (InterruptedException e) {
                    // a blocking read that interruption does not end
                }
            }
            return "snapshot";
        };
        SourceFetcher fetcher = new SourceFetcher(
                "cell",
                Map.of(SourceKind.NODE_METRICS, stubborn),
                executor,
                Duration.ofMillis(100),
                Clock.systemUTC(),
                new SelfMetrics());

        assertThat(outcome(fetcher.fetchAll()).error()).startsWith("timed out after");
        // cancel(true) made the first future done; its thread is still in the fetch
        assertThat(outcome(fetcher.fetchAll()).error()).startsWith("previous fetch still running");
        assertThat(outcome(fetcher.fetchAll()).error()).startsWith("previous fetch still running");
        assertThat(started).hasValue(1);

        release.countDown();
        Awaitility.await()
                .atMost(Duration.ofSeconds(30))
                .until(() -> outcome(fetcher.fetchAll()).succeeded());
        assertThat(started).hasValue(2);
    }

    private static SourceOutcome outcome(FetchResults results) {
        return results.outcomes().get(0);
    }
}
