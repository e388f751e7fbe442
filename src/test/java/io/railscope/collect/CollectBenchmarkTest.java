package io.railscope.collect;

import io.railscope.HeapSampler;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import io.railscope.config.RailscopeConfig;
import io.railscope.config.SimulatedCellSettings;
import io.railscope.source.CellSources;
import io.railscope.source.sim.SimulatedCell;
import io.railscope.store.CellStateWriter;
import io.railscope.store.CommitReport;
import io.railscope.telemetry.SelfMetrics;
import jakarta.inject.Inject;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Collections;
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
@TestProfile(CollectBenchmarkTest.QuietFleet.class)
class CollectBenchmarkTest {

    private static final int NODES = Integer.getInteger("bench.nodes", 12_000);
    private static final int ROUNDS = Integer.getInteger("bench.rounds", 8);

    /** The test cells collected hourly, so they do not run during the measurement; every round writes history samples. */
    public static class QuietFleet implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("railscope.collect.interval", "1h", "railscope.collect.source-timeout", "60s",
                    "railscope.history.sample-interval", "1s");
        }
    }

    @Inject
    CellStateWriter writer;

    @Inject
    RailscopeConfig config;

    @Inject
    SelfMetrics metrics;

    @Test
    void collectTwelveThousandNodes() throws Exception {
        Thread.sleep(3000);
        String name = "bench-" + NODES;
        SimulatedCell cell = new SimulatedCell(name, NODES, BenchmarkCell.DEVICES, 400, 1, List.of(), Clock.systemUTC());
        ExecutorService executor = Executors.newCachedThreadPool();
        try {
            var sources = new CellSources(Optional.of(cell), Optional.of(cell), Optional.of(cell));
            CellCollector collector = BenchmarkCell.collector(name, sources, Optional.of(new SimulatedCellSettings(NODES, List.of(), 1)),
                    executor, config, writer, metrics);

            long coldStart = System.nanoTime();
            CommitReport cold = collector.collect();
            double coldSeconds = (System.nanoTime() - coldStart) / 1e9;

            List<Double> fetchSeconds = new ArrayList<>();
            List<Double> totalSeconds = new ArrayList<>();
            List<String> parts = new ArrayList<>();
            HeapSampler heap = new HeapSampler();
            for (int round = 0; round < ROUNDS; round++) {
                Thread.sleep(1000);
                long fetchStart = System.nanoTime();
                cell.fetchKubernetes();
                cell.fetchNodeMetrics();
                cell.fetchNccl();
                fetchSeconds.add((System.nanoTime() - fetchStart) / 1e9);
                long start = System.nanoTime();
                CommitReport report = collector.collect();
                totalSeconds.add((System.nanoTime() - start) / 1e9);
                parts.add(report.millisByPart().toString());
            }
            heap.close();
            long peakHeap = heap.peakMiB();
            report(name, cold, coldSeconds, fetchSeconds, totalSeconds, peakHeap);
            System.out.println("commit parts (ms) per round: " + parts);
        } finally {
            executor.shutdownNow();
        }
    }

    private static void report(String name, CommitReport cold, double coldSeconds, List<Double> fetch, List<Double> total,
            long peakHeap) throws IOException {
        String text = String.format("""
                cell: %s (%,d nodes x 8 rails = %,d rail ports), %d measured rounds after one cold collection
                cold collection (inserts inventory): %.2f s; rows written %s
                source fetch alone (simulator): median %.2f s, max %.2f s
                collection, source data to committed state: min %.2f s, median %.2f s, max %.2f s
                peak heap (used heap sampled every 2 ms, JVM -Xmx %d MiB): %d MiB
                """, name, NODES, NODES * 8, total.size(), coldSeconds, cold.rowsByTable(), BenchmarkCell.median(fetch), Collections.max(fetch),
                Collections.min(total), BenchmarkCell.median(total), Collections.max(total),
                Runtime.getRuntime().maxMemory() >> 20, peakHeap);
        System.out.println("\n==== Railscope collection benchmark ====\n" + text);
        Path out = Path.of("target", "bench", "collect-" + NODES + ".txt");
        Files.createDirectories(out.getParent());
        Files.writeString(out, text);
    }



}
