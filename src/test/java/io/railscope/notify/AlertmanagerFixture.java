package io.railscope.notify;

import io.railscope.ops.FreePort;
import java.io.IOException;
import java.net.HttpURLConnection;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/** Debian's Alertmanager on 127.0.0.1 and a free port, clustering off, routing every alert to one webhook. */
public final class AlertmanagerFixture implements AutoCloseable {

    public static final String BINARY = "/usr/bin/prometheus-alertmanager";

    private final Process process;
    private final int port;
    private final Path root;

    private AlertmanagerFixture(Process process, int port, Path root) {
        this.process = process;
        this.port = port;
        this.root = root;
    }

    /** Groups by alertname and cell, waits 1 s, and sends resolved alerts too. */
    public static AlertmanagerFixture routingTo(URI webhook) throws IOException, InterruptedException {
        Path root = Files.createTempDirectory("railscope-alertmanager");
        Files.writeString(root.resolve("alertmanager.yml"), """
                route:
                  receiver: hook
                  group_by: [alertname, cell]
                  group_wait: 1s
                  group_interval: 2s
                  repeat_interval: 1h
                receivers:
                  - name: hook
                    webhook_configs:
                      - url: "%s"
                        send_resolved: true
                """.formatted(webhook));
        int port = FreePort.pick();
        Process process = new ProcessBuilder(BINARY, "--config.file=" + root.resolve("alertmanager.yml"), "--storage.path=" + root.resolve("data"),
                "--web.listen-address=127.0.0.1:" + port, "--cluster.listen-address=", "--web.external-url=http://127.0.0.1:" + port)
                .redirectErrorStream(true).redirectOutput(root.resolve("alertmanager.log").toFile()).start();
        AlertmanagerFixture fixture = new AlertmanagerFixture(process, port, root);
        fixture.await();
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

    private void await() throws IOException, InterruptedException {
        for (int attempt = 0; attempt < 200; attempt++) {
            if (!process.isAlive()) {
                throw new IOException("alertmanager exited: " + Files.readString(root.resolve("alertmanager.log")));
            }
            try {
                HttpURLConnection connection = (HttpURLConnection) url().resolve("/-/ready").toURL().openConnection();
                if (connection.getResponseCode() == 200) {
                    return;
                }
            } catch (IOException e) {
                // not listening yet
            }
            Thread.sleep(100);
        }
        throw new IOException("alertmanager did not get ready on " + url());
    }
}
