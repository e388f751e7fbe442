package io.railscope.collect;

import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.railscope.config.SimulatedCellSettings;
import io.railscope.model.Fault;
import io.railscope.source.CellSources;
import io.railscope.source.sim.SimulatedCell;
import jakarta.inject.Inject;
import java.net.URI;
import java.net.URL;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Pages under load: a simulated 12,000-node cell committed, then 20 clients asking at once for the
 * fleet page, the cell page and searches, each timed from request to the last byte over loopback.
 * Run with {@code ./mvnw -B -Pbench test -Dtest=PageLoadBenchmark}.
 */
@Tag("bench")
@QuarkusTest
@TestProfile(CollectBenchmark.QuietFleet.class)
class PageLoadBenchmark {

    @Inject
    BenchmarkCells cells;

    private static final int NODES = Integer.getInteger("bench.nodes", 12_000);
    private static final int CLIENTS = 20;
    private static final int REQUESTS = Integer.getInteger("bench.requests", 40);

    @TestHTTPResource("/")
    URL root;

    @Test
    void pagesOfATwelveThousandNodeCell() throws Exception {
        String name = "pages-" + NODES;
        List<Fault> faults = List.of(
                Fault.RAIL_DOWN,
                Fault.NEIGHBOR_OVER_GC_THRESH2,
                Fault.NCCL_SOCKET_FALLBACK,
                Fault.SYMBOL_ERRORS_RISING);
        SimulatedCell cell = new SimulatedCell(name, NODES, BenchmarkCell.DEVICES, 400, 1, faults, Clock.systemUTC());
        ExecutorService executor = Executors.newCachedThreadPool();
        try {
            CellCollector collector = cells.collector(
                    name,
                    new CellSources(Optional.of(cell), Optional.of(cell), Optional.of(cell)),
                    Optional.of(new SimulatedCellSettings(NODES, faults, 1)),
                    executor);
            collector.collect();
            collector.collect();
            HttpClient http = HttpClient.newBuilder().executor(executor).build();
            String base = root.toString().replaceAll("/$", "");
            StringBuilder report = new StringBuilder(String.format(
                    Locale.ROOT,
                    "cell %s: %,d nodes, %,d rail ports; %d clients at once, %d requests each, timed to the last byte%n",
                    name,
                    NODES,
                    NODES * 8,
                    CLIENTS,
                    REQUESTS));
            for (String[] page : new String[][] {
                {"fleet page", "/"},
                {"fleet page refresh (htmx fragment)", "/fragments/fleet"},
                {"cell page", "/cells/" + name},
                {"cell page refresh (htmx fragment)", "/cells/" + name + "/fragment"},
                {"search by node name", "/api/v1/search?q=gpu-0117"},
                {"search by address", "/api/v1/search?q=10.0.3.7"},
                {"node page", "/cells/" + name + "/nodes/" + name + "-gpu-00042"}
            }) {
                report.append(measure(http, executor, page[0], URI.create(base + page[1])));
            }
            BenchmarkCell.report("pages", "pages-" + NODES + ".txt", report.toString());
        } finally {
            executor.shutdownNow();
        }
    }

    private static String measure(HttpClient http, ExecutorService executor, String label, URI uri) throws Exception {
        HttpRequest request = HttpRequest.newBuilder(uri).GET().build();
        long bytes = 0;
        List<Double> alone = new ArrayList<>();
        for (int i = 0; i < 40; i++) {
            long start = System.nanoTime();
            HttpResponse<byte[]> response = http.send(request, HttpResponse.BodyHandlers.ofByteArray());
            if (i >= 20) {
                alone.add((System.nanoTime() - start) / 1e6);
            }
            if (response.statusCode() != 200) {
                throw new IllegalStateException(uri + " answered " + response.statusCode());
            }
            bytes = response.body().length;
        }
        Collections.sort(alone);
        List<Future<List<Double>>> clients = new ArrayList<>();
        for (int client = 0; client < CLIENTS; client++) {
            clients.add(executor.submit(() -> {
                List<Double> millis = new ArrayList<>();
                for (int i = 0; i < REQUESTS; i++) {
                    long start = System.nanoTime();
                    http.send(request, HttpResponse.BodyHandlers.ofByteArray());
                    millis.add((System.nanoTime() - start) / 1e6);
                }
                return millis;
            }));
        }
        List<Double> all = new ArrayList<>();
        for (Future<List<Double>> client : clients) {
            all.addAll(client.get());
        }
        Collections.sort(all);
        return String.format(
                Locale.ROOT,
                "%-34s one client p50 %5.1f ms | %d clients p50 %6.1f ms  p95 %6.1f ms  max %6.1f ms | %,9d bytes%n",
                label,
                alone.get(alone.size() / 2),
                CLIENTS,
                all.get(all.size() / 2),
                all.get((int) (all.size() * 0.95)),
                all.get(all.size() - 1),
                bytes);
    }
}
