package io.railscope.source.exposition;

import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import io.railscope.source.kube.MockCell;
import java.util.Map;

/**
 * Cell {@code kube-b}: a mock Kubernetes API whose node_exporter pod (label
 * app.kubernetes.io/name=node-exporter, on node gpu-a-000) is a real node_exporter on 127.0.0.1,
 * serving fixture trees with rail 3 (mlx5_2) down and 600 neighbor entries.
 */
public class ExporterCellResource implements QuarkusTestResourceLifecycleManager {

    private MockCell cell;
    private NodeExporterFixture exporter;

    @Override
    public Map<String, String> start() {
        try {
            exporter = NodeExporterFixture.start(600);
            exporter.port(2, "1: DOWN", "2: Polling", "400 Gb/sec (4X NDR)");
            cell = MockCell.loaded();
            cell.load("testdata/kube/exporter-pod.yaml");
            String port = exporter.address().substring(exporter.address().lastIndexOf(':') + 1);
            return Map.of("railscope.cells.kube-b.kubernetes.kubeconfig", cell.writeKubeconfig().toString(),
                    "railscope.cells.kube-b.metrics.exporter-selector", "app.kubernetes.io/name=node-exporter",
                    "railscope.cells.kube-b.metrics.exporter-port", port);
        } catch (Exception e) {
            throw new IllegalStateException("cell kube-b did not start: " + e.getMessage(), e);
        }
    }

    @Override
    public void stop() {
        TestServers.stop(exporter, cell);
    }
}
