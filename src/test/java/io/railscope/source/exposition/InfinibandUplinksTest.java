package io.railscope.source.exposition;

import static org.assertj.core.api.Assertions.assertThat;

import io.railscope.conformance.ConformanceCase;
import io.railscope.source.CableSource;
import io.railscope.source.NodeMetricsSnapshot;
import io.railscope.source.PortPeer;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

/**
 * InfiniBand cables from treydock/infiniband_exporter's {@code infiniband_hca_uplink_info}, as its own test expects
 * the exporter to print them (the fabric corpus' {@code ib-exporter-treydock-hca-metrics}), matched to the nodes'
 * devices by the node GUID the RDMA ports script reports, or by an HCA description of {@code <node> <device>}.
 */
@Execution(ExecutionMode.CONCURRENT)
class InfinibandUplinksTest {

    private static NodeMetricsSnapshot read(String... pages) throws Exception {
        ByteArrayOutputStream all = new ByteArrayOutputStream();
        for (String page : pages) {
            all.writeBytes(page.getBytes(StandardCharsets.UTF_8));
        }
        byte[] body = all.toByteArray();
        NodeMetricsReadings readings = new NodeMetricsReadings(labels -> labels.get("node"));
        ExpositionParser.parse(body, body.length, readings);
        return readings.snapshot(Instant.EPOCH, List.of());
    }

    private static String exporterPage() throws Exception {
        return Files.readString(ConformanceCase.root().resolve("fabric/ib-exporter-treydock-hca-metrics/metrics.prom"));
    }

    @Test
    void theExportersUplinksAreTheNodesCablesByNodeGuid() throws Exception {
        // the two HCAs of the exporter's test, on nodes o0001 and o0002 as their descriptions say, their GUIDs as
        // sysfs writes them
        NodeMetricsSnapshot snapshot = read(exporterPage(), """
                railscope_rdma_device_info{node="o0002",device="mlx5_0",node_guid="7cfe:9003:003b:4b96"} 1
                railscope_rdma_device_info{node="o0001",device="mlx5_0",node_guid="7cfe:9003:003b:4bde"} 1
                """);

        assertThat(snapshot.peers())
                .containsExactlyInAnyOrder(
                        new PortPeer(
                                "o0002", "mlx5_0", 1, "ib-i1l1s01", "11", "0x7cfe9003009ce5b0", CableSource.INFINIBAND),
                        new PortPeer(
                                "o0001",
                                "mlx5_0",
                                1,
                                "ib-i1l1s01",
                                "10",
                                "0x7cfe9003009ce5b0",
                                CableSource.INFINIBAND));
        assertThat(snapshot.problems()).isEmpty();
    }

    @Test
    void withoutGuidsAnHcaDescribedAsNodeAndDeviceIsMatched() throws Exception {
        NodeMetricsSnapshot snapshot = read("""
                node_infiniband_state_id{node="gpu-7",device="mlx5_3",port="1"} 4
                infiniband_hca_uplink_info{guid="0x1",hca="gpu-7 mlx5_3",port="1",uplink="leaf-3",uplink_guid="0x9",uplink_lid="2",uplink_port="17",uplink_type="SW"} 1
                infiniband_hca_uplink_info{guid="0x2",hca="gpu-8 HCA-1",port="1",uplink="leaf-3",uplink_guid="0x9",uplink_lid="2",uplink_port="18",uplink_type="SW"} 1
                infiniband_hca_uplink_info{guid="0x3",hca="gpu-7 mlx5_4",port="1",uplink="gpu-9 mlx5_0",uplink_guid="0x4",uplink_lid="5",uplink_port="1",uplink_type="CA"} 1
                """);

        assertThat(snapshot.peers())
                .containsExactly(new PortPeer("gpu-7", "mlx5_3", 1, "leaf-3", "17", "0x9", CableSource.INFINIBAND));
        // gpu-8 reports no device of that description; an HCA cabled to another HCA is no switch link
        assertThat(snapshot.problems())
                .singleElement()
                .asString()
                .startsWith("1 of 2 InfiniBand uplinks (infiniband_hca_uplink_info) name an HCA no node of the cell");
    }

    @Test
    void aGuidIsTheSameWhicheverWayItIsWritten() {
        assertThat(HcaUplinks.guid("7cfe:9003:003b:4B96")).isEqualTo("0x7cfe9003003b4b96");
        assertThat(HcaUplinks.guid("0x7cfe9003003b4b96")).isEqualTo("0x7cfe9003003b4b96");
    }

    @Test
    void guilbaultsSwitchRowsAreTheHostsCablesByTheirDescription() throws Exception {
        // the README's example page, its switch rows asked for as Railscope's query groups them
        StringBuilder rows = new StringBuilder();
        for (String line : Files.readAllLines(
                ConformanceCase.root().resolve("fabric/ib-exporter-guilbaults-readme/metrics.prom"))) {
            if (line.startsWith("infiniband_linkdownedcounter_total{component=\"switch\"")) {
                rows.append(line.replace("infiniband_linkdownedcounter_total", "infiniband_guilbaults_switch_port_link")
                                .replaceAll(" [0-9.e+]+$", " 1"))
                        .append('\n');
            }
        }
        NodeMetricsSnapshot snapshot = read("""
                node_infiniband_state_id{node="node1",device="mlx5_0",port="1"} 4
                node_infiniband_state_id{node="node2",device="mlx5_0",port="1"} 4
                """, rows.toString());

        assertThat(snapshot.peers())
                .containsExactlyInAnyOrder(
                        new PortPeer(
                                "node1", "mlx5_0", 1, "switch1", "2", "0x506b4b03005d3101", CableSource.INFINIBAND),
                        new PortPeer(
                                "node2", "mlx5_0", 1, "switch1", "3", "0x506b4b03005d3101", CableSource.INFINIBAND));
        assertThat(snapshot.uplinks()).isEmpty();
    }
}
