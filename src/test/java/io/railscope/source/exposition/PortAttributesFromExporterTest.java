package io.railscope.source.exposition;

import static org.assertj.core.api.Assertions.assertThat;

import io.railscope.source.CableSource;
import io.railscope.source.NodeMetricsSnapshot;
import io.railscope.source.PortAttributes;
import io.railscope.source.PortPeer;
import io.railscope.source.RailPortReading;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * Port attributes from Debian's node_exporter on a fixture sysfs tree: firmware and board id from its
 * {@code node_infiniband_info}, link layer, MTU and PCIe link from Railscope's textfile script run on the same tree.
 */
class PortAttributesFromExporterTest {

    @Test
    void firmwareAndBoardFromNodeExporterTheRestFromTheTextfileScript() throws Exception {
        try (NodeExporterFixture node = NodeExporterFixture.start(10)) {
            node.firmware(3, "28.40.1000");
            node.pcieWidth(5, 8);
            ExporterScrapeSource source = new ExporterScrapeSource(
                    () -> List.of(new ExporterTarget(node.address(), "gpu-node-1")),
                    Duration.ofSeconds(2),
                    4,
                    Clock.systemUTC());

            // without the script: firmware and board id only, the rest unknown
            Map<String, PortAttributes> before = attributes(source.fetchNodeMetrics());
            assertThat(before.get("mlx5_0"))
                    .isEqualTo(new PortAttributes("28.39.1002", "MT_0000000838", null, null, null, null));
            assertThat(before.get("mlx5_3").firmware()).isEqualTo("28.40.1000");

            node.runRdmaPortsScript();
            NodeMetricsSnapshot snapshot = source.fetchNodeMetrics();
            assertThat(snapshot.problems()).isEmpty();
            Map<String, PortAttributes> after = attributes(snapshot);
            assertThat(after).hasSize(8);
            assertThat(after.get("mlx5_0"))
                    .isEqualTo(new PortAttributes("28.39.1002", "MT_0000000838", "InfiniBand", 4092, 16, 32.0));
            assertThat(after.get("mlx5_3").firmware()).isEqualTo("28.40.1000");
            assertThat(after.get("mlx5_5").pcieWidth()).isEqualTo(8);
            assertThat(snapshot.peers()).isEmpty();

            // the LLDP script: the switch port of the rail whose interface has a neighbor, scraped as it is queried
            node.runLldpNeighborsScript(2, "eth3", PrometheusQuerySourceTest.LLDP_NEIGHBOR);
            assertThat(source.fetchNodeMetrics().peers())
                    .containsExactly(new PortPeer(
                            "gpu-node-1", "mlx5_2", 1, "su1-rail3", "swp7", "0c:42:a1:00:01:02", CableSource.LLDP));
        }
    }

    private static Map<String, PortAttributes> attributes(NodeMetricsSnapshot snapshot) {
        return snapshot.ports().stream()
                .collect(Collectors.toMap(RailPortReading::device, RailPortReading::attributes));
    }
}
