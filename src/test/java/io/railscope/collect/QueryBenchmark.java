package io.railscope.collect;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.railscope.source.CellSources;
import io.railscope.source.PortCounter;
import io.railscope.source.exposition.PrometheusQuerySource;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpServer;
import jakarta.inject.Inject;
import java.io.BufferedWriter;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * A 12,000-node cell in query mode: the answers a Prometheus-compatible API gives to Railscope's
 * instant queries (one per metric, 96,000 series for each port metric) are written to files once and
 * served on 127.0.0.1; the cell queries, parses, assesses and commits. Run with
 * {@code ./mvnw -B -Pbench test -Dtest=QueryBenchmark}.
 */
@Tag("bench")
@QuarkusTest
@TestProfile(CollectBenchmark.QuietFleet.class)
class QueryBenchmark {

    @Inject
    BenchmarkCells cells;

    private static final int NODES = Integer.getInteger("bench.nodes", 12_000);
    private static final int ROUNDS = Integer.getInteger("bench.rounds", 4);
    /** One port in this many has a non-zero error counter (1 = every port: the worst case). */
    private static final int PORTS_PER_ERROR = Integer.getInteger("bench.ports-per-error", 200);

    @Test
    void queryTwelveThousandNodes() throws Exception {
        Path answers = Path.of("target", "bench", "query-answers");
        long bytes = prepare(answers);
        // the stand-in for the store sends its answers with sendfile, as a real one's network stack would
        Vertx vertx = Vertx.vertx();
        HttpServer server = vertx.createHttpServer()
                .requestHandler(request -> {
                    String query = request.getParam("query");
                    Path file = answers.resolve(
                            query.startsWith("count by (__name__)")
                                    ? "exported-error-counters.json"
                                    : query.replaceAll("^.*\\(([a-z_0-9]+)\\{.*$", "$1") + ".json");
                    if (Files.exists(file)) {
                        request.response().sendFile(file.toString());
                    } else {
                        request.response()
                                .end("{\"status\":\"success\",\"data\":{\"resultType\":\"vector\",\"result\":[]}}");
                    }
                })
                .listen(0, "127.0.0.1")
                .toCompletionStage()
                .toCompletableFuture()
                .get();
        ExecutorService fetch = Executors.newCachedThreadPool();
        try {
            String name = "query-" + NODES;
            PrometheusQuerySource source = new PrometheusQuerySource(
                    URI.create("http://127.0.0.1:" + server.actualPort()),
                    "cluster=\"bench\"",
                    "node",
                    Duration.ofSeconds(60),
                    Clock.systemUTC());
            var sources = new CellSources(Optional.empty(), Optional.of(source), Optional.empty());
            CellCollector collector = cells.collector(name, sources, Optional.empty(), fetch);
            BenchmarkCell.Rounds rounds =
                    BenchmarkCell.measure(collector, ROUNDS, Duration.ZERO, () -> source.fetchNodeMetrics());
            BenchmarkCell.report(
                    "query",
                    "query-" + NODES + ".txt",
                    String.format(
                                    "cell: %,d nodes, %,d rail ports, error counters non-zero on one port in %d; %d queries (max by node, device, port; error counters > 0) answering %,d bytes of JSON, over HTTP on 127.0.0.1%n",
                                    NODES, NODES * 8, PORTS_PER_ERROR, PortCounter.count() + 8, bytes)
                            + rounds.lines("query + parse", "answers"));
        } finally {
            vertx.close().toCompletionStage().toCompletableFuture().get();
            fetch.shutdownNow();
        }
    }

    /** One answer file per metric the node_exporter of a GPU node has (node_exporter 1.5: no RoCE counters). */
    private static long prepare(Path directory) throws IOException {
        Files.createDirectories(directory);
        long total = 0;
        StringBuilder exported =
                new StringBuilder("{\"status\":\"success\",\"data\":{\"resultType\":\"vector\",\"result\":[");
        List<String> portMetrics = new ArrayList<>(List.of(
                "node_infiniband_state_id",
                "node_infiniband_physical_state_id",
                "node_infiniband_rate_bytes_per_second"));
        for (PortCounter counter : PortCounter.values()) {
            if (counter.ordinal() <= PortCounter.EXCESSIVE_BUFFER_OVERRUN_ERRORS.ordinal()
                    && counter != PortCounter.DISCARDS_RECEIVED) {
                portMetrics.add(counter.metricName());
                if (counter.isError()) {
                    exported.append(exported.charAt(exported.length() - 1) == '[' ? "" : ",")
                            .append("{\"metric\":{\"__name__\":\"")
                            .append(counter.metricName())
                            .append("\"},\"value\":[1733000000.123,\"")
                            .append(NODES * 8)
                            .append("\"]}");
                }
            }
        }
        Files.writeString(directory.resolve("exported-error-counters.json"), exported.append("]}}"));
        for (String metric : portMetrics) {
            total += write(directory, metric, true);
        }
        total += write(directory, "node_arp_entries", false);
        for (int level = 1; level <= 3; level++) {
            total += write(directory, "node_sysctl_net_ipv4_neigh_default_gc_thresh" + level, false);
        }
        return total;
    }

    private static long write(Path directory, String metric, boolean perPort) throws IOException {
        Path file = directory.resolve(metric + ".json");
        try (BufferedWriter out = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            out.write("{\"status\":\"success\",\"data\":{\"resultType\":\"vector\",\"result\":[");
            boolean first = true;
            for (int node = 0; node < NODES; node++) {
                for (int device = 0; device < (perPort ? 8 : 1); device++) {
                    if (isError(metric) && (node * 8 + device) % PORTS_PER_ERROR != 0) {
                        continue; // "> 0" leaves the zeros out
                    }
                    out.write(first ? "" : ",");
                    first = false;
                    // what "max by (node, device, port)" answers: the by-labels only, no metric name
                    out.write("{\"metric\":{");
                    if (perPort) {
                        out.write("\"device\":\"mlx5_" + device + "\",");
                    } else if (metric.equals("node_arp_entries")) {
                        out.write("\"device\":\"eth0\",");
                    }
                    out.write(String.format("\"node\":\"gpu-%05d\"", node));
                    out.write(perPort ? ",\"port\":\"1\"}" : "}");
                    out.write(",\"value\":[1733000000.123,\"" + value(metric, node, device) + "\"]}");
                }
            }
            out.write("]}}");
        }
        return Files.size(file);
    }

    private static boolean isError(String metric) {
        for (PortCounter counter : PortCounter.values()) {
            if (counter.metricName().equals(metric)) {
                return counter.isError();
            }
        }
        return false;
    }

    private static String value(String metric, int node, int device) {
        return switch (metric) {
            case "node_infiniband_state_id" -> "4";
            case "node_infiniband_physical_state_id" -> "5";
            case "node_infiniband_rate_bytes_per_second" -> "50000000000";
            case "node_arp_entries" -> Integer.toString(300 + node % 100);
            default -> metric.startsWith("node_sysctl") ? "16384" : Long.toString(1_000_000L * node + device);
        };
    }
}
