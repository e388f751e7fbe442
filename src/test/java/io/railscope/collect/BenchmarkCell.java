package io.railscope.collect;

import io.railscope.HeapSampler;
import io.railscope.store.CommitReport;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/** What the collection benchmarks share: a cell of eight 400G rails collected from given sources, and medians. */
final class BenchmarkCell {

    static final List<String> DEVICES =
            List.of("mlx5_0", "mlx5_1", "mlx5_2", "mlx5_3", "mlx5_4", "mlx5_5", "mlx5_6", "mlx5_7");

    private BenchmarkCell() {}

    /** One cold collection, then {@code rounds} measured ones, each after timing the sources' fetch alone. */
    static Rounds measure(CellCollector collector, int rounds, Duration pause, Fetch fetchAlone) throws Exception {
        long coldStart = System.nanoTime();
        CommitReport cold = collector.collect();
        double coldSeconds = (System.nanoTime() - coldStart) / 1e9;
        List<Double> fetch = new ArrayList<>();
        List<Double> total = new ArrayList<>();
        List<String> parts = new ArrayList<>();
        HeapSampler heap = new HeapSampler();
        for (int round = 0; round < rounds; round++) {
            Thread.sleep(pause.toMillis());
            long start = System.nanoTime();
            fetchAlone.run();
            fetch.add((System.nanoTime() - start) / 1e9);
            start = System.nanoTime();
            parts.add(collector.collect().millisByPart().toString());
            total.add((System.nanoTime() - start) / 1e9);
        }
        heap.close();
        return new Rounds(coldSeconds, cold, fetch, total, parts, heap.peakMiB());
    }

    /** Prints a benchmark's result and keeps it in target/bench/{@code file}. */
    static void report(String title, String file, String text) throws IOException {
        System.out.println("\n==== Railscope " + title + " benchmark ====\n" + text);
        Files.createDirectories(Path.of("target", "bench"));
        Files.writeString(Path.of("target", "bench", file), text);
    }

    /** What the sources do before a collection, timed alone. */
    @FunctionalInterface
    interface Fetch {
        void run() throws Exception;
    }

    /** The measurements of one benchmark run. */
    record Rounds(
            double coldSeconds,
            CommitReport cold,
            List<Double> fetch,
            List<Double> total,
            List<String> parts,
            long peakMiB) {

        String lines(String fetchLabel, String from) {
            return String.format(
                    """
                    cold collection: %.2f s
                    %s alone: median %.2f s, max %.2f s
                    collection, %s to committed state: min %.2f s, median %.2f s, max %.2f s over %d rounds
                    peak heap (used heap sampled every 2 ms, JVM -Xmx %d MiB): %d MiB
                    commit parts (ms) per round: %s
                    """,
                    coldSeconds,
                    fetchLabel,
                    median(fetch),
                    Collections.max(fetch),
                    from,
                    Collections.min(total),
                    median(total),
                    Collections.max(total),
                    total.size(),
                    Runtime.getRuntime().maxMemory() >> 20,
                    peakMiB,
                    parts);
        }
    }

    static double median(List<Double> values) {
        List<Double> sorted = new ArrayList<>(values);
        Collections.sort(sorted);
        return sorted.get(sorted.size() / 2);
    }
}
