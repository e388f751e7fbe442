package io.railscope.source.kube;

import static org.awaitility.Awaitility.await;

import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.ConfigBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.railscope.HeapSampler;
import io.railscope.config.AuditSettings;
import io.railscope.config.IpamSettings;
import io.railscope.source.ipam.IpamDerivation;
import io.railscope.source.ipam.RailMapping;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The IPAM benchmark's cell of 12,000 nodes and 400,000 pods kept by watch: listed once, then at every round 1 % of
 * its pods change (a container restart, as the API server would send it) and the next read derives the cell from the
 * watches. Measures the bytes read from the API server per read against a full list, the time from the change to the
 * derived snapshot, and the heap. Run with {@code ./mvnw -B -Pbench test -Dtest=WatchBenchmark}.
 */
@Tag("bench")
class WatchBenchmark {

    private static final int ROUNDS = Integer.getInteger("bench.rounds", 5);
    private static final double CHURN = 0.01;

    @Test
    void keepATwelveThousandNodeCellByWatch() throws Exception {
        Path directory = Path.of("target", "bench", "kube-api");
        IpamBenchmark.prepare(directory);
        HeapSampler heap = new HeapSampler();
        try (PreparedApi api = new PreparedApi(directory)) {
            Config config = new ConfigBuilder(Config.empty())
                    .withMasterUrl(api.url())
                    .withRequestTimeout(60_000)
                    .withWatchReconnectLimit(KubernetesClients.WATCH_RECONNECTS)
                    .build();
            try (KubernetesClient client =
                    new KubernetesClientBuilder().withConfig(config).build()) {
                ClusterObjectReader reader = new ClusterObjectReader(
                        client, IpamSettings.defaults(), AuditSettings.defaults(), Clock.systemUTC());
                IpamDerivation derivation = new IpamDerivation(
                        new RailMapping(IpamBenchmark.RAILS, List.of()), IpamSettings.DEFAULT_STUCK_AFTER);
                long start = System.nanoTime();
                IpamBenchmark.check(derivation.derive(reader.read()));
                double firstRead = (System.nanoTime() - start) / 1e9;
                long fullList = api.listBytes() + api.watchBytes();
                await().atMost(Duration.ofSeconds(60)).until(() -> api.watching("/api/v1/pods") == 1);

                Random random = new Random(7);
                int changed = (int) (IpamBenchmark.PODS * CHURN);
                List<Double> delivered = new ArrayList<>();
                List<Double> toSnapshot = new ArrayList<>();
                List<Long> bytes = new ArrayList<>();
                for (int round = 1; round <= ROUNDS; round++) {
                    long before = api.listBytes() + api.watchBytes();
                    long events = reader.watches().pods.events();
                    long sent = System.nanoTime();
                    for (int n = 0; n < changed; n++) {
                        api.send(
                                "/api/v1/pods",
                                "MODIFIED",
                                IpamBenchmark.pod(random.nextInt(IpamBenchmark.PODS), round));
                    }
                    api.flush("/api/v1/pods");
                    await().atMost(Duration.ofSeconds(120))
                            .pollInterval(Duration.ofMillis(5))
                            .until(() -> reader.watches().pods.events() >= events + changed);
                    delivered.add((System.nanoTime() - sent) / 1e9);
                    IpamBenchmark.check(derivation.derive(reader.read()));
                    toSnapshot.add((System.nanoTime() - sent) / 1e9);
                    bytes.add(api.listBytes() + api.watchBytes() - before);
                    if (reader.watches().pods.lists() != 1) {
                        throw new AssertionError("pods were listed again: "
                                + reader.watches().pods.lists() + " lists");
                    }
                }
                heap.close();
                report(firstRead, fullList, changed, delivered, toSnapshot, bytes, heap.peakMiB());
                reader.close();
            }
        }
    }

    private static void report(
            double firstRead,
            long fullList,
            int changed,
            List<Double> delivered,
            List<Double> toSnapshot,
            List<Long> bytes,
            long peak)
            throws Exception {
        long worst = Collections.max(bytes);
        String text = String.format(
                """
                cell: %,d nodes, %,d pods; a full list of every kind read: %,d bytes, first read + derive %.2f s
                per round %,d pods changed (%.0f %%), %d rounds
                bytes read per read from the API server: min %,d, max %,d = %.3f %% of a full list at most
                change sent -> every event applied: median %.3f s, max %.3f s
                change sent -> snapshot derived from the watches: median %.2f s, max %.2f s
                peak heap (used heap sampled every 2 ms, JVM -Xmx %d MiB): %d MiB
                """,
                IpamBenchmark.NODES,
                IpamBenchmark.PODS,
                fullList,
                firstRead,
                changed,
                CHURN * 100,
                bytes.size(),
                Collections.min(bytes),
                worst,
                100.0 * worst / fullList,
                IpamBenchmark.median(delivered),
                Collections.max(delivered),
                IpamBenchmark.median(toSnapshot),
                Collections.max(toSnapshot),
                Runtime.getRuntime().maxMemory() >> 20,
                peak);
        System.out.println("\n==== Railscope watch benchmark ====\n" + text);
        Files.createDirectories(Path.of("target", "bench"));
        Files.writeString(Path.of("target", "bench", "watch.txt"), text, StandardCharsets.UTF_8);
    }
}
