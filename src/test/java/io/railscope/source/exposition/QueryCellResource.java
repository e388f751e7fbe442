package io.railscope.source.exposition;

import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import io.railscope.source.kube.MockCell;
import java.util.Map;

/**
 * Cell {@code kube-q}: a mock Kubernetes API, and its node metrics in a real Prometheus that scrapes
 * a real node_exporter (fixture trees, rail 6 at 200 Gb/s) labelled node="gpu-a-001".
 */
public class QueryCellResource implements QuarkusTestResourceLifecycleManager {

    private MockCell cell;
    private NodeExporterFixture exporter;
    private PrometheusFixture prometheus;

    @Override
    public Map<String, String> start() {
        try {
            exporter = NodeExporterFixture.start(20);
            exporter.port(5, "4: ACTIVE", "5: LinkUp", "200 Gb/sec (4X HDR)");
            prometheus = PrometheusFixture.scraping(exporter.address(), "gpu-a-001");
            cell = MockCell.loaded();
            return Map.of(
                    "railscope.cells.kube-q.kubernetes.kubeconfig",
                    cell.writeKubeconfig().toString(),
                    "railscope.cells.kube-q.metrics.prometheus-url",
                    prometheus.url().toString(),
                    "railscope.cells.kube-q.metrics.selector",
                    "cluster=\"test-cell\"");
        } catch (Exception e) {
            throw new IllegalStateException("cell kube-q did not start: " + e.getMessage(), e);
        }
    }

    @Override
    public void stop() {
        TestServers.stop(prometheus, exporter, cell);
    }
}
