package io.railscope.collect;

import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.ConfigBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.railscope.HeapSampler;
import io.railscope.TestDatabase;
import io.railscope.config.AuditSettings;
import io.railscope.config.IpamSettings;
import io.railscope.source.CellSources;
import io.railscope.source.kube.IpamBenchmark;
import io.railscope.source.kube.KubernetesIpamSource;
import io.railscope.source.kube.PreparedApi;
import jakarta.inject.Inject;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The watch benchmark's cell collected by Railscope end to end, in the application: each round 1 % of its pods become
 * stuck in ContainerCreating (sent as watch events), and collections run until one has committed the new count of
 * stuck pods. Measures the time from the change to that commit, and the heap of the whole JVM (the application, the
 * cell it keeps, the test's API server). Run with {@code ./mvnw -B -Pbench test -Dtest=WatchCollectBenchmark}.
 */
@Tag("bench")
@QuarkusTest
@TestProfile(CollectBenchmark.QuietFleet.class)
class WatchCollectBenchmark {

    private static final int ROUNDS = Integer.getInteger("bench.rounds", 5);

    @Inject
    BenchmarkCells cells;

    @Inject
    TestDatabase db;

    @Test
    void fromAChangeOfOnePercentOfThePodsToTheCommittedCell() throws Exception {
        Path directory = Path.of("target", "bench", "kube-api");
        IpamBenchmark.prepare(directory);
        HeapSampler heap = new HeapSampler();
        ExecutorService executor = Executors.newCachedThreadPool();
        try (PreparedApi api = new PreparedApi(directory)) {
            Config config = new ConfigBuilder(Config.empty())
                    .withMasterUrl(api.url())
                    .withRequestTimeout(60_000)
                    .build();
            try (KubernetesClient client =
                    new KubernetesClientBuilder().withConfig(config).build()) {
                String name = "watched";
                KubernetesIpamSource source = new KubernetesIpamSource(
                        client,
                        IpamSettings.defaults(),
                        AuditSettings.defaults(),
                        IpamBenchmark.RAILS,
                        Clock.systemUTC());
                CellCollector collector = cells.collector(
                        name,
                        new CellSources(Optional.of(source), Optional.empty(), Optional.empty()),
                        Optional.empty(),
                        executor);
                long start = System.nanoTime();
                collector.collect();
                double first = (System.nanoTime() - start) / 1e9;

                Random random = new Random(11);
                Set<Integer> stuck = new HashSet<>();
                int changed = IpamBenchmark.PODS / 100;
                List<Double> toCommit = new ArrayList<>();
                List<Integer> collections = new ArrayList<>();
                for (int round = 1; round <= ROUNDS; round++) {
                    long sent = System.nanoTime();
                    for (int n = 0; n < changed; n++) {
                        int pod = random.nextInt(IpamBenchmark.PODS);
                        stuck.add(pod);
                        api.send("/api/v1/pods", "MODIFIED", stuckPod(pod));
                    }
                    api.flush("/api/v1/pods");
                    int runs = 0;
                    do {
                        collector.collect();
                        runs++;
                    } while (stuckPods(name) != stuck.size() && runs < 50);
                    if (stuckPods(name) != stuck.size()) {
                        throw new AssertionError(
                                "the committed cell has " + stuckPods(name) + " stuck pods, not " + stuck.size());
                    }
                    toCommit.add((System.nanoTime() - sent) / 1e9);
                    collections.add(runs);
                }
                heap.close();
                source.close();
                String text = String.format(
                        """
                        cell: %,d nodes, %,d pods kept by watch; first collection (full list, derive, commit) %.2f s
                        per round %,d pods set stuck in ContainerCreating by watch events, %d rounds
                        change sent -> committed cell with the new stuck count: min %.2f s, median %.2f s, max %.2f s (collections per round: %s)
                        peak heap of the whole JVM (application, kept cell, test API server; sampled every 2 ms, -Xmx %d MiB): %d MiB
                        """,
                        IpamBenchmark.NODES,
                        IpamBenchmark.PODS,
                        first,
                        changed,
                        ROUNDS,
                        Collections.min(toCommit),
                        IpamBenchmark.median(toCommit),
                        Collections.max(toCommit),
                        collections,
                        Runtime.getRuntime().maxMemory() >> 20,
                        heap.peakMiB());
                System.out.println("\n==== Railscope watch collection benchmark ====\n" + text);
                Files.createDirectories(Path.of("target", "bench"));
                Files.writeString(Path.of("target", "bench", "watch-collect.txt"), text, StandardCharsets.UTF_8);
            }
        } finally {
            executor.shutdownNow();
        }
    }

    private long stuckPods(String cell) {
        return db.number(
                "SELECT coalesce(s.stuck_pods, 0) FROM cell c JOIN cell_summary s ON s.cell_id = c.id WHERE c.name = ?",
                cell);
    }

    /** Pod {@code i} waiting in ContainerCreating since its creation (days ago): stuck. */
    private static String stuckPod(int i) {
        return IpamBenchmark.pod(i, 0)
                .replace("\"phase\":\"Running\"", "\"phase\":\"Pending\"")
                .replace(
                        "\"state\":{\"running\":{\"startedAt\":\"2026-11-29T10:00:07Z\"}}",
                        "\"state\":{\"waiting\":{\"reason\":\"ContainerCreating\"}}");
    }
}
