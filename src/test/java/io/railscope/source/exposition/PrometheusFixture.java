package io.railscope.source.exposition;

import io.railscope.ops.FreePort;
import java.io.IOException;
import java.net.HttpURLConnection;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/** Debian's Prometheus on 127.0.0.1 and a free port, scraping one node_exporter every second with a {@code node} label. */
public final class PrometheusFixture implements AutoCloseable {

    public static final String BINARY = "/usr/bin/prometheus";

    private final Process process;
    private final int port;
    private final Path root;

    private PrometheusFixture(Process process, int port, Path root) {
        this.process = process;
        this.port = port;
        this.root = root;
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
        Process process = new ProcessBuilder(BINARY, "--config.file=" + root.resolve("prometheus.yml"),
                "--storage.tsdb.path=" + root.resolve("data"), "--web.listen-address=127.0.0.1:" + port)
                .redirectErrorStream(true).redirectOutput(root.resolve("prometheus.log").toFile()).start();
        PrometheusFixture fixture = new PrometheusFixture(process, port, root);
        fixture.await("/-/ready");
        return fixture;
    }

    public URI url() {
        return URI.create("http://127.0.0.1:" + port);
    }

    @Override
    public void close() throws InterruptedException {
        process.destroy();
        if (!process.waitFor(15, TimeUnit.SECONDS)) {
            process.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
        }
    }

    private void await(String path) throws IOException, InterruptedException {
        for (int attempt = 0; attempt < 200; attempt++) {
            if (!process.isAlive()) {
                throw new IOException("prometheus exited: " + Files.readString(root.resolve("prometheus.log")));
            }
            try {
                HttpURLConnection connection = (HttpURLConnection) url().resolve(path).toURL().openConnection();
                if (connection.getResponseCode() == 200) {
                    return;
                }
            } catch (IOException e) {
                // not listening yet
            }
            Thread.sleep(100);
        }
        throw new IOException("prometheus did not get ready on " + url());
    }
}
