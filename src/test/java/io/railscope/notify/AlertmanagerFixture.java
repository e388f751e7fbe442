package io.railscope.notify;

import io.railscope.ops.FreePort;
import io.railscope.ops.ServerProcess;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/** Debian's Alertmanager on 127.0.0.1 and a free port, clustering off, routing every alert to one webhook. */
public final class AlertmanagerFixture implements AutoCloseable {

    public static final String BINARY = "/usr/bin/prometheus-alertmanager";

    private final ServerProcess process;
    private final int port;

    private AlertmanagerFixture(ServerProcess process, int port) {
        this.process = process;
        this.port = port;
    }

    /** Groups by alertname and cell, waits 1 s, and sends resolved alerts too. */
    public static AlertmanagerFixture routingTo(URI webhook) throws IOException, InterruptedException {
        return routingTo(webhook, Duration.ofSeconds(1), Duration.ofSeconds(2));
    }

    /** Groups by alertname and cell with this group_wait and group_interval, and sends resolved alerts too. */
    public static AlertmanagerFixture routingTo(URI webhook, Duration groupWait, Duration groupInterval)
            throws IOException, InterruptedException {
        Path root = Files.createTempDirectory("railscope-alertmanager");
        Files.writeString(root.resolve("alertmanager.yml"), """
                route:
                  receiver: hook
                  group_by: [alertname, cell]
                  group_wait: %dms
                  group_interval: %dms
                  repeat_interval: 1h
                receivers:
                  - name: hook
                    webhook_configs:
                      - url: "%s"
                        send_resolved: true
                """.formatted(
                        groupWait.toMillis(), groupInterval.toMillis(), webhook));
        int port = FreePort.pick();
        ServerProcess process = ServerProcess.start(
                "alertmanager",
                List.of(
                        BINARY,
                        "--config.file=" + root.resolve("alertmanager.yml"),
                        "--storage.path=" + root.resolve("data"),
                        "--web.listen-address=127.0.0.1:" + port,
                        "--cluster.listen-address=",
                        "--web.external-url=http://127.0.0.1:" + port),
                root.resolve("alertmanager.log"),
                URI.create("http://127.0.0.1:" + port + "/-/ready"));
        return new AlertmanagerFixture(process, port);
    }

    public URI url() {
        return URI.create("http://127.0.0.1:" + port);
    }

    @Override
    public void close() throws InterruptedException {
        process.close();
    }
}
