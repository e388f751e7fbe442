package io.railscope.source.exposition;

import io.railscope.ops.FreePort;
import io.railscope.ops.ServerProcess;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;

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
        Path root = Files.createTempDirectory("railscope-prometheus");
        Files.writeString(root.resolve("prometheus.yml"), """
                global:
                  scrape_interval: 1s
                scrape_configs:
                  - job_name: node
                    static_configs:
                      - targets: ["%s"]
                        labels: {node: "%s", cluster: "test-cell"}
                """.formatted(target, node));
        int port = FreePort.pick();
        ServerProcess process = ServerProcess.start("prometheus", java.util.List.of(BINARY, "--config.file=" + root.resolve("prometheus.yml"),
                "--storage.tsdb.path=" + root.resolve("data"), "--web.listen-address=127.0.0.1:" + port), root.resolve("prometheus.log"),
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
