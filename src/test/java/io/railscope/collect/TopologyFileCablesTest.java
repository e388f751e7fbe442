package io.railscope.collect;

import static org.assertj.core.api.Assertions.assertThat;

import io.railscope.assess.NodeMetricsState;
import io.railscope.conformance.ConformanceCase;
import io.railscope.fabric.RailCable;
import io.railscope.source.CableSource;
import io.railscope.source.NodeMetricsSnapshot;
import io.railscope.source.PortCounter;
import io.railscope.source.RailPortReading;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

/**
 * A cell's InfiniBand fabric from a topology file: NVIDIA Topograph's published {@code ibnetdiscover} output of a
 * DGX leaf (HCAs named {@code <node> mlx5_5} by rdma-ndd) places each node's rail 6 on the leaf, and the leaf below
 * its spines; a file that stops reading keeps the fabric last read.
 */
@Execution(ExecutionMode.CONCURRENT)
class TopologyFileCablesTest {

    private static final List<String> DEVICES = EightRailAssessors.DEVICES;
    private static final String LEAF = "MF0;A09-P1-IBLEAF-04-04:MQM9701/U1";
    private static final Path IBNETDISCOVER =
            ConformanceCase.root().resolve("fabric/ib-ibnetdiscover-topograph-ndr-dgx-leaf/ibnetdiscover.txt");

    @Test
    void anIbnetdiscoverFilePlacesTheNodesItNamesAndTheSpinesAboveTheirLeaf() {
        NodeMetricsState state = assess(new TopologyFileLinks("c", IBNETDISCOVER).links());

        assertThat(state.cables())
                .filteredOn(cable -> cable.node().equals("a08-p1-dgx-04-c17"))
                .singleElement()
                .satisfies(cable -> {
                    assertThat(cable.rail()).isEqualTo(6);
                    assertThat(cable.switchName()).isEqualTo(LEAF);
                    assertThat(cable.switchPort()).isEqualTo("17");
                    assertThat(cable.source()).isEqualTo(CableSource.INFINIBAND);
                });
        assertThat(state.cables()).extracting(RailCable::node).contains("a08-p1-dgx-04-c12");
        assertThat(state.tiers().tierOf(LEAF)).isZero();
        assertThat(state.tiers().above().get(LEAF)).contains("MF0;A10-P1-IBSPINE-02:MQM9701/U1");
        assertThat(state.tiers().tierOf("MF0;A10-P1-IBSPINE-02:MQM9701/U1")).isEqualTo(1);
    }

    @Test
    void aFileThatStopsReadingKeepsTheLinksLastRead(@TempDir Path directory) throws Exception {
        Path file = directory.resolve("fabric.topo");
        Files.copy(IBNETDISCOVER, file);
        TopologyFileLinks links = new TopologyFileLinks("c", file);
        int read = links.links().size();
        assertThat(read).isPositive();

        Files.writeString(file, "Switch 36 this is not ibnetdiscover\n[1] nonsense\n");
        assertThat(links.links()).hasSize(read);
        Files.writeString(file, "");
        assertThat(links.links())
                .as("an empty file holds no links, and is no error")
                .isEmpty();
    }

    @Test
    void aCellWithoutATopologyFileHasNoLinksFromOne() {
        assertThat(new TopologyFileLinks("c", null).links()).isEmpty();
    }

    private static NodeMetricsState assess(List<io.railscope.source.topology.CabledLink> links) {
        MetricsAssessor assessor = EightRailAssessors.of("c", Duration.ofSeconds(30));
        List<RailPortReading> ports = new ArrayList<>();
        for (int node = 12; node <= 17; node++) {
            for (String device : DEVICES) {
                ports.add(new RailPortReading("a08-p1-dgx-04-c" + node, device, 1, 4, 5, 5e10, PortCounter.none()));
            }
        }
        return assessor.assess(
                new NodeMetricsSnapshot(Instant.parse("2026-12-02T00:00:00Z"), List.of(), ports),
                1,
                new FabricInputs(Map.of(), links));
    }
}
