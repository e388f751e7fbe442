package io.railscope.source.exposition;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import io.railscope.source.NodeMetricsSnapshot;
import io.railscope.source.RailPortReading;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The query mode against Debian's Prometheus scraping Debian's node_exporter on fixture trees. */
class PrometheusQuerySourceTest {

    @Test
    void readsTheWholeCellFromARealPrometheus() throws Exception {
        try (NodeExporterFixture node = NodeExporterFixture.start(40);
                PrometheusFixture prometheus = PrometheusFixture.scraping(node.address(), "gpu-node-7")) {
            node.port(3, "1: DOWN", "3: Disabled", "400 Gb/sec (4X NDR)");
            PrometheusQuerySource source = new PrometheusQuerySource(prometheus.url(), "cluster=\"test-cell\"", "node", Duration.ofSeconds(5),
                    Clock.systemUTC());
            await().atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(500)).untilAsserted(() -> {
                NodeMetricsSnapshot snapshot = source.fetchNodeMetrics();
                assertThat(snapshot.ports()).hasSize(8);
                assertThat(snapshot.ports()).filteredOn(port -> port.device().equals("mlx5_3"))
                        .singleElement().satisfies(port -> assertThat(port.stateId()).isEqualTo(1));
            });
            NodeMetricsSnapshot snapshot = source.fetchNodeMetrics();
            assertThat(snapshot.ports()).extracting(RailPortReading::node).containsOnly("gpu-node-7");
            assertThat(snapshot.ports()).allSatisfy(port -> assertThat(port.rateBytesPerSecond()).isEqualTo(5e10));
            assertThat(snapshot.neighbors()).singleElement().satisfies(neighbors -> {
                assertThat(neighbors.entries()).isEqualTo(40);
                assertThat(neighbors.gcThresh3()).isEqualTo(1024);
            });

            PrometheusQuerySource otherCell = new PrometheusQuerySource(prometheus.url(), "cluster=\"another-cell\"", "node", Duration.ofSeconds(5),
                    Clock.systemUTC());
            assertThat(otherCell.fetchNodeMetrics().ports()).isEmpty();
        }
    }

    @Test
    void aFailedQueryNamesTheQueryAndTheError() {
        byte[] answer = "{\"status\":\"error\",\"errorType\":\"bad_data\",\"error\":\"parse error at char 5\"}".getBytes(StandardCharsets.UTF_8);
        assertThatThrownBy(() -> PrometheusQuerySource.readVector(new ByteArrayInputStream(answer), "up", "up{", new NodeMetricsReadings(l -> "n")))
                .isInstanceOf(IOException.class).hasMessage("query up{ failed: parse error at char 5");
        assertThatThrownBy(() -> PrometheusQuerySource.readVector(new ByteArrayInputStream("<html>".getBytes(StandardCharsets.UTF_8)), "up", "up",
                new NodeMetricsReadings(l -> "n"))).isInstanceOf(IOException.class);
    }

    @Test
    void theNodeOfASeriesComesFromItsLabels() {
        assertThat(nodeOf(List.of("node", "a", "instance", "10.0.0.1:9100"))).isEqualTo("a");
        assertThat(nodeOf(List.of("kubernetes_node", "b"))).isEqualTo("b");
        assertThat(nodeOf(List.of("instance", "gpu-3.example:9100"))).isEqualTo("gpu-3.example");
        assertThat(nodeOf(List.of("instance", "[fd00::1]:9100"))).isEqualTo("[fd00::1]");
        assertThat(nodeOf(List.of("job", "node"))).isNull();
        // a configured node label wins
        Labels labels = new Labels();
        labels.add("host", "gpu-9");
        labels.add("node", "other");
        assertThat(PrometheusQuerySource.nodeOf(labels, "host")).isEqualTo("gpu-9");
    }

    private static String nodeOf(List<String> pairs) {
        Labels labels = new Labels();
        for (int i = 0; i < pairs.size(); i += 2) {
            labels.add(pairs.get(i), pairs.get(i + 1));
        }
        return PrometheusQuerySource.nodeOf(labels, "node");
    }
}
