package io.railscope.collect;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.railscope.source.CellSources;
import io.railscope.source.exposition.ExporterScrapeSource;
import io.railscope.source.exposition.ExporterTarget;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpServer;
import jakarta.inject.Inject;
import java.io.IOException;
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
 * A 12,000-node cell scraped from exporter pages: each node's node_exporter page (8 HCAs, ARP,
 * sysctls) is a file served over HTTP on 127.0.0.1, scraped with the cell's parallelism, parsed,
 * assessed and committed. Run with {@code ./mvnw -B -Pbench test -Dtest=ScrapeBenchmark}.
 */
@Tag("bench")
@QuarkusTest
@TestProfile(CollectBenchmark.QuietFleet.class)
class ScrapeBenchmark {

    @Inject
    BenchmarkCells cells;

    private static final int NODES = Integer.getInteger("bench.nodes", 12_000);
    private static final int ROUNDS = Integer.getInteger("bench.rounds", 4);

    @Test
    void scrapeTwelveThousandExporters() throws Exception {
        Path pages = Path.of("target", "bench", "exporter-pages");
        long bytes = prepare(pages);
        // the stand-in for 12,000 exporters sends each page with sendfile, over a new connection each: they are 12,000
        // hosts
        Vertx vertx = Vertx.vertx();
        HttpServer server = vertx.createHttpServer()
                .requestHandler(request -> {
                    request.response().putHeader("Connection", "close");
                    request.response()
                            .sendFile(pages.resolve(request.path().split("/")[2] + ".prom")
                                    .toString());
                })
                .listen(0, "127.0.0.1")
                .toCompletionStage()
                .toCompletableFuture()
                .get();
        ExecutorService fetch = Executors.newCachedThreadPool();
        try {
            List<ExporterTarget> targets = new ArrayList<>(NODES);
            for (int i = 0; i < NODES; i++) {
                targets.add(new ExporterTarget(
                        "127.0.0.1:" + server.actualPort() + "/node/" + i, String.format("gpu-%05d", i)));
            }
            String name = "scrape-" + NODES;
            ExporterScrapeSource source =
                    new ExporterScrapeSource(() -> targets, Duration.ofSeconds(30), 64, Clock.systemUTC());
            var sources = new CellSources(Optional.empty(), Optional.of(source), Optional.empty());
            CellCollector collector = cells.collector(name, sources, Optional.empty(), fetch);
            BenchmarkCell.Rounds rounds =
                    BenchmarkCell.measure(collector, ROUNDS, Duration.ZERO, () -> source.fetchNodeMetrics());
            BenchmarkCell.report(
                    "scrape",
                    "scrape-" + NODES + ".txt",
                    String.format(
                                    "cell: %,d exporters (%,d bytes of pages, %,d rail ports), parallelism 64, over HTTP on 127.0.0.1%n",
                                    NODES, bytes, NODES * 8)
                            + rounds.lines("scrape + parse", "responses"));
        } finally {
            vertx.close().toCompletionStage().toCompletableFuture().get();
            fetch.shutdownNow();
        }
    }

    private static long prepare(Path directory) throws IOException {
        Files.createDirectories(directory);
        String[] counters = {
            "port_data_received_bytes_total",
            "port_data_transmitted_bytes_total",
            "port_packets_received_total",
            "port_packets_transmitted_total",
            "port_errors_received_total",
            "port_discards_transmitted_total",
            "port_receive_remote_physical_errors_total",
            "port_transmit_wait_total",
            "link_downed_total",
            "link_error_recovery_total",
            "local_link_integrity_errors_total",
            "symbol_error_total",
            "excessive_buffer_overrun_errors_total"
        };
        long total = 0;
        for (int node = 0; node < NODES; node++) {
            StringBuilder page = new StringBuilder(16_384);
            for (String counter : counters) {
                page.append("# HELP node_infiniband_")
                        .append(counter)
                        .append(" Counter of the port.\n# TYPE node_infiniband_")
                        .append(counter)
                        .append(" counter\n");
                for (int device = 0; device < 8; device++) {
                    page.append("node_infiniband_")
                            .append(counter)
                            .append("{device=\"mlx5_")
                            .append(device)
                            .append("\",port=\"1\"} ")
                            .append(1_000_000L * node + device)
                            .append('\n');
                }
            }
            for (int device = 0; device < 8; device++) {
                page.append("node_infiniband_info{board_id=\"MT_0000000838\",device=\"mlx5_")
                        .append(device)
                        .append("\",firmware_version=\"28.39.1002\",hca_type=\"MT4129\"} 1\n");
                page.append("node_infiniband_state_id{device=\"mlx5_")
                        .append(device)
                        .append("\",port=\"1\"} 4\n");
                page.append("node_infiniband_physical_state_id{device=\"mlx5_")
                        .append(device)
                        .append("\",port=\"1\"} 5\n");
                page.append("node_infiniband_rate_bytes_per_second{device=\"mlx5_")
                        .append(device)
                        .append("\",port=\"1\"} 5e+10\n");
            }
            page.append("node_arp_entries{device=\"eth0\"} ")
                    .append(300 + node % 100)
                    .append('\n');
            page.append(
                            "node_sysctl_net_ipv4_neigh_default_gc_thresh1 4096\nnode_sysctl_net_ipv4_neigh_default_gc_thresh2 8192\n")
                    .append("node_sysctl_net_ipv4_neigh_default_gc_thresh3 16384\n");
            byte[] body = page.toString().getBytes(StandardCharsets.UTF_8);
            Files.write(directory.resolve(node + ".prom"), body);
            total += body.length;
        }
        return total;
    }
}
