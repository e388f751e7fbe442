package io.railscope.source.kube;

import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.ConfigBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.fabric8.kubernetes.client.informers.SharedIndexInformer;
import io.railscope.source.kube.PodPageParser.PodEntry;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * What keeping the benchmark cell's 400,000 pods costs in heap: as fabric8's informer keeps them (every Pod whole in
 * its store), and as Railscope keeps them (the compact records its streaming parser makes). Both list the same pages
 * from the same server and then watch. Run with a heap large enough for the informer:
 * {@code ./mvnw -B -Pbench test -Dtest=InformerBenchmark -DargLine=-Xmx6g}.
 */
@Tag("bench")
class InformerBenchmark {

    @Test
    void informerAgainstCompactRecords() throws Exception {
        Path directory = Path.of("target", "bench", "kube-api");
        IpamBenchmark.prepare(directory);
        try (PreparedApi api = new PreparedApi(directory)) {
            Config config = new ConfigBuilder(Config.empty())
                    .withMasterUrl(api.url())
                    .withRequestTimeout(120_000)
                    .build();
            try (KubernetesClient client =
                    new KubernetesClientBuilder().withConfig(config).build()) {
                long base = retained();

                CellWatches watches = new CellWatches(client, Set.of("app"));
                long start = System.nanoTime();
                WatchedKind.Current<PodEntry> compact = watches.pods.current();
                double compactSeconds = (System.nanoTime() - start) / 1e9;
                long compactBytes = retained() - base;
                int compactPods = compact.values().size();
                compact = null;
                watches.close();
                watches = null;

                base = retained();
                start = System.nanoTime();
                SharedIndexInformer<Pod> informer =
                        client.pods().inAnyNamespace().withLimit(500L).inform();
                double informerSeconds = (System.nanoTime() - start) / 1e9;
                long informerBytes = retained() - base;
                int informerPods = informer.getStore().list().size();
                informer.close();

                String text = String.format(
                        """
                        pods: %,d (Railscope) / %,d (informer), listed in pages of 500 from 127.0.0.1, JVM -Xmx %d MiB
                        Railscope's compact records (streaming parser): list %.2f s, heap retained %,d MiB
                        fabric8 SharedIndexInformer (every Pod whole): list and sync %.2f s, heap retained %,d MiB
                        """,
                        compactPods,
                        informerPods,
                        Runtime.getRuntime().maxMemory() >> 20,
                        compactSeconds,
                        compactBytes >> 20,
                        informerSeconds,
                        informerBytes >> 20);
                System.out.println("\n==== Railscope informer benchmark ====\n" + text);
                Files.createDirectories(Path.of("target", "bench"));
                Files.writeString(Path.of("target", "bench", "informer.txt"), text, StandardCharsets.UTF_8);
            }
        }
    }

    /** Heap in use after collecting what is garbage. */
    private static long retained() throws InterruptedException {
        for (int i = 0; i < 3; i++) {
            System.gc();
            Thread.sleep(200);
        }
        Runtime runtime = Runtime.getRuntime();
        return runtime.totalMemory() - runtime.freeMemory();
    }
}
