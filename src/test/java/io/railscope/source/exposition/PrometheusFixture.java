package io.railscope.source.exposition;

import io.railscope.ops.FreePort;
import io.railscope.ops.ServerProcess;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/** Debian's Prometheus on 127.0.0.1 and a free port, scraping one node_exporter every second with a {@code node} label. */
public final class PrometheusFixture implements AutoCloseable {

    public static final String BINARY = "/usr/bin/prometheus";

    private final ServerProcess process;
    private final int port;

    private PrometheusFixture(ServerProcess process, int port) {
        this.process = process;
        this.port = port;
    }

    public static PrometheusFixture scraping(String target, String node) throws IOException, InterruptedException {
        return run("""
                global:
                  scrape_interval: 1s
                scrape_configs:
                  - job_name: node
                    static_configs:
                      - targets: ["%s"]
                        labels: {node: "%s", cluster: "test-cell"}
                """.formatted(target, node));
    }

    /** Scrapes Railscope's verdicts ({@code /metrics/fleet}) at {@code target} every second. */
    public static PrometheusFixture scrapingFleet(String target) throws IOException, InterruptedException {
        return run("""
                global:
                  scrape_interval: 1s
                scrape_configs:
                  - job_name: railscope
                    metrics_path: /metrics/fleet
                    static_configs:
                      - targets: ["%s"]
                """.formatted(target));
    }

    private static PrometheusFixture run(String configuration) throws IOException, InterruptedException {
        Path root = Files.createTempDirectory("railscope-prometheus");
        Files.writeString(root.resolve("prometheus.yml"), configuration);
        int port = FreePort.pick();
        ServerProcess process = ServerProcess.start(
                "prometheus",
                List.of(
                        BINARY,
                        "--config.file=" + root.resolve("prometheus.yml"),
                        "--storage.tsdb.path=" + root.resolve("data"),
                        "--web.listen-address=127.0.0.1:" + port),
                root.resolve("prometheus.log"),
                URI.create("http://127.0.0.1:" + port + "/-/ready"));
        return new PrometheusFixture(process, port);
    }

    /**
     * Scrapes {@code targets} and evaluates {@code rules} (a rule file's text) every {@code interval},
     * sending its alerts to the Alertmanager at {@code alertmanager}, and again every {@code resendDelay}
     * (firing, and resolved for 15 minutes).
     */
    public static PrometheusFixture alerting(
            List<String> targets, String rules, URI alertmanager, Duration interval, Duration resendDelay)
            throws IOException, InterruptedException {
        Path root = Files.createTempDirectory("railscope-prometheus");
        Files.writeString(root.resolve("rules.yml"), rules);
        Files.writeString(root.resolve("prometheus.yml"), """
                global:
                  scrape_interval: %1$dms
                  evaluation_interval: %1$dms
                rule_files: ["%2$s"]
                alerting:
                  alertmanagers:
                    - static_configs:
                        - targets: ["%3$s"]
                scrape_configs:
                  - job_name: node
                    static_configs:
                      - targets: [%4$s]
                """.formatted(
                interval.toMillis(),
                root.resolve("rules.yml"),
                alertmanager.getAuthority(),
                String.join(
                        ", ",
                        targets.stream().map(target -> "\"" + target + "\"").toList())));
        int port = FreePort.pick();
        ServerProcess process = ServerProcess.start(
                "prometheus",
                List.of(
                        BINARY,
                        "--config.file=" + root.resolve("prometheus.yml"),
                        "--storage.tsdb.path=" + root.resolve("data"),
                        "--web.listen-address=127.0.0.1:" + port,
                        "--rules.alert.resend-delay=" + resendDelay.toSeconds() + "s"),
                root.resolve("prometheus.log"),
                URI.create("http://127.0.0.1:" + port + "/-/ready"));
        return new PrometheusFixture(process, port);
    }

    public URI url() {
        return URI.create("http://127.0.0.1:" + port);
    }

    @Override
    public void close() throws InterruptedException {
        process.close();
    }
}
