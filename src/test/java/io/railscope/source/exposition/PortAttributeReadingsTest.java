package io.railscope.source.exposition;

import static org.assertj.core.api.Assertions.assertThat;

import io.railscope.source.NodeMetricsSnapshot;
import io.railscope.source.PortAttributes;
import io.railscope.source.RailPortReading;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** Port attributes from a page: known values read, untrusted ones unknown or dropped with their series named. */
class PortAttributeReadingsTest {

    @Test
    void attributesOfAnHcaReachEachOfItsPortsAndBadValuesAreUnknown() {
        String long65 = "x".repeat(65);
        NodeMetricsSnapshot snapshot = read("""
                node_infiniband_info{board_id="MT_0000000838",device="mlx5_0",firmware_version="28.39.1002",hca_type="MT4129"} 1
                node_infiniband_info{board_id="MT_0000000838",device="mlx5_1",firmware_version="%s",hca_type="MT4129"} 1
                node_infiniband_info{board_id="MT_9",device="mlx5_2",firmware_version="1.0",hca_type="MT4129"} 0
                node_infiniband_state_id{device="mlx5_0",port="1"} 4
                node_infiniband_state_id{device="mlx5_0",port="2"} 4
                node_infiniband_state_id{device="mlx5_1",port="1"} 4
                node_infiniband_state_id{device="mlx5_2",port="1"} 4
                railscope_rdma_port_info{device="mlx5_0",port="1",link_layer="Ethernet",netdev="eth1"} 1
                railscope_rdma_port_mtu_bytes{device="mlx5_0",port="1"} 9000
                railscope_rdma_port_mtu_bytes{device="mlx5_1",port="1"} NaN
                railscope_rdma_pcie_link_width{device="mlx5_0"} 16
                railscope_rdma_pcie_link_width{device="mlx5_1"} 0
                railscope_rdma_pcie_link_speed_transfers_per_second{device="mlx5_0"} 1.6e+10
                railscope_rdma_pcie_link_speed_transfers_per_second{device="mlx5_1"} +Inf
                """.formatted(long65));

        Map<String, PortAttributes> ports = snapshot.ports().stream()
                .collect(Collectors.toMap(port -> port.device() + ":" + port.port(), RailPortReading::attributes));
        assertThat(ports.get("mlx5_0:1"))
                .isEqualTo(new PortAttributes("28.39.1002", "MT_0000000838", "Ethernet", 9000, 16, 16.0));
        // the HCA's firmware, board and PCIe link are its second port's too; link layer and MTU are per port
        assertThat(ports.get("mlx5_0:2"))
                .isEqualTo(new PortAttributes("28.39.1002", "MT_0000000838", null, null, 16, 16.0));
        assertThat(ports.get("mlx5_1:1")).isEqualTo(new PortAttributes(null, "MT_0000000838", null, null, null, null));
        // an info series whose value is not 1 is no report
        assertThat(ports.get("mlx5_2:1")).isEqualTo(PortAttributes.UNKNOWN);
        assertThat(snapshot.problems())
                .containsExactlyInAnyOrder(
                        "node_infiniband_info of mlx5_1: firmware_version longer than 64 characters, read as unknown",
                        "railscope_rdma_port_mtu_bytes{device=\"mlx5_1\",port=\"1\"} NaN: no MTU, dropped",
                        "railscope_rdma_pcie_link_width{device=\"mlx5_1\"} 0: no PCIe link width, dropped",
                        "railscope_rdma_pcie_link_speed_transfers_per_second{device=\"mlx5_1\"} +Inf: no PCIe link speed, dropped");
    }

    private static NodeMetricsSnapshot read(String page) {
        NodeMetricsReadings readings = new NodeMetricsReadings(labels -> "gpu-1");
        byte[] body = page.getBytes(StandardCharsets.UTF_8);
        ExpositionParser.parse(body, body.length, readings);
        return readings.snapshot(Instant.EPOCH, List.of());
    }
}
