package io.railscope.source.exposition;

import com.sun.net.httpserver.HttpServer;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import io.railscope.source.kube.MockCell;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.HashMap;
import java.util.Map;

/**
 * Cell {@code kube-b}: a mock Kubernetes API whose node_exporter pod (label
 * app.kubernetes.io/name=node-exporter, on node gpu-a-000) is a real node_exporter on 127.0.0.1,
 * serving fixture trees with rail 3 (mlx5_2) down and 600 neighbor entries.
 * Cell {@code kube-v}: one target, node {@code localhost}, serving {@code untrusted-values.prom}
 * (a +Inf state, counters and rates no column holds).
 * Cell {@code kube-s}: three targets, the same real node_exporter and two that stall (one silent,
 * one after its headers), each with a 400 ms deadline (under the tests' 700 ms source timeout), collected every 2 s.
 * Cell {@code metrics-only}: the real node_exporter as its one target and no kubernetes key.
 */
public class ExporterCellResource implements QuarkusTestResourceLifecycleManager {

    private MockCell cell;
    private NodeExporterFixture exporter;
    private HttpServer untrusted;
    private StalledExporter silent;
    private StalledExporter stallingBody;

    @Override
    public Map<String, String> start() {
        try {
            exporter = NodeExporterFixture.start(600);
            exporter.port(2, "1: DOWN", "2: Polling", "400 Gb/sec (4X NDR)");
            cell = MockCell.loaded();
            cell.load("testdata/kube/exporter-pod.yaml");
            String kubeconfig = cell.writeKubeconfig().toString();
            String port = exporter.address().substring(exporter.address().lastIndexOf(':') + 1);
            untrusted = untrustedExporter();
            silent = StalledExporter.silent();
            stallingBody = StalledExporter.stallingBody();
            Map<String, String> config = new HashMap<>();
            config.put("railscope.cells.kube-b.kubernetes.kubeconfig", kubeconfig);
            config.put("railscope.cells.kube-b.metrics.exporter-selector", "app.kubernetes.io/name=node-exporter");
            config.put("railscope.cells.kube-b.metrics.exporter-port", port);
            config.put("railscope.cells.kube-v.kubernetes.kubeconfig", kubeconfig);
            config.put("railscope.cells.kube-v.interval", "2s");
            config.put(
                    "railscope.cells.kube-v.metrics.targets",
                    "localhost:" + untrusted.getAddress().getPort());
            config.put("railscope.cells.kube-s.kubernetes.kubeconfig", kubeconfig);
            config.put("railscope.cells.kube-s.interval", "2s");
            config.put(
                    "railscope.cells.kube-s.metrics.targets",
                    String.join(",", exporter.address(), silent.address(), stallingBody.address()));
            config.put("railscope.cells.kube-s.metrics.target-timeout", "400ms");
            config.put("railscope.cells.kube-s.metrics.connect-timeout", "400ms");
            // no kubernetes key: a metrics-only cell, whose Kubernetes API (none here) is never attempted
            config.put("railscope.cells.metrics-only.metrics.targets", exporter.address());
            return config;
        } catch (Exception e) {
            throw new IllegalStateException("cells kube-b, kube-v, kube-s did not start: " + e.getMessage(), e);
        }
    }

    private static HttpServer untrustedExporter() throws IOException {
        byte[] page;
        try (InputStream in =
                ExporterCellResource.class.getResourceAsStream("/testdata/exposition/untrusted-values.prom")) {
            page = in.readAllBytes();
        }
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/metrics", exchange -> {
            exchange.sendResponseHeaders(200, page.length);
            exchange.getResponseBody().write(page);
            exchange.close();
        });
        server.start();
        return server;
    }

    @Override
    public void stop() {
        if (untrusted != null) {
            untrusted.stop(0);
        }
        TestServers.stop(silent, stallingBody, exporter, cell);
    }
}
