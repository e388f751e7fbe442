package io.railscope.collect;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import io.railscope.config.SimulatedCellSettings;
import io.railscope.source.CellSources;
import io.railscope.source.sim.SimulatedCell;
import jakarta.inject.Inject;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The collection of one simulated cell of 12,000 nodes x 8 rails, from source data to committed
 * state, with the peak heap it took. Run with {@code ./mvnw -B -Pbench test}; the numbers go to
 * BENCHMARKS.md. Not part of the test suite: it measures, it does not judge.
 */
@Tag("bench")
@QuarkusTest
@TestProfile(CollectBenchmark.QuietFleet.class)
class CollectBenchmark {

    @Inject
    BenchmarkCells cells;

    private static final int NODES = Integer.getInteger("bench.nodes", 12_000);
    private static final int ROUNDS = Integer.getInteger("bench.rounds", 8);

    /** The test cells collected hourly, so they do not run during the measurement; every round writes history samples. */
    public static class QuietFleet implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of(
                    "railscope.collect.interval",
                    "1h",
                    "railscope.collect.source-timeout",
                    "60s",
                    "railscope.history.sample-interval",
                    "1s");
        }
    }

    @Test
    void collectTwelveThousandNodes() throws Exception {
        Thread.sleep(3000);
        String name = "bench-" + NODES;
        SimulatedCell cell =
                new SimulatedCell(name, NODES, BenchmarkCell.DEVICES, 400, 1, List.of(), Clock.systemUTC());
        ExecutorService executor = Executors.newCachedThreadPool();
        try {
            var sources = new CellSources(Optional.of(cell), Optional.of(cell), Optional.of(cell));
            CellCollector collector = cells.collector(
                    name, sources, Optional.of(new SimulatedCellSettings(NODES, List.of(), 1)), executor);

            BenchmarkCell.Rounds rounds = BenchmarkCell.measure(collector, ROUNDS, Duration.ofSeconds(1), () -> {
                cell.fetchKubernetes();
                cell.fetchNodeMetrics();
                cell.fetchNccl();
            });
            BenchmarkCell.report(
                    "collection",
                    "collect-" + NODES + ".txt",
                    String.format(
                                    "cell: %s (%,d nodes x 8 rails = %,d rail ports), %d measured rounds after one cold collection%n"
                                            + "rows written by the cold collection: %s%n",
                                    name,
                                    NODES,
                                    NODES * 8,
                                    ROUNDS,
                                    rounds.cold().rowsByTable())
                            + rounds.lines("source fetch (simulator)", "source data"));
        } finally {
            executor.shutdownNow();
        }
    }
}
