package io.railscope.source.topology;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

@Execution(ExecutionMode.CONCURRENT)
class TopologyLabelsTest {

    private static final TopologyLabels BUILT_IN = new TopologyLabels(List.of());

    @Test
    void topographV1TiersRunToAnyDepthNearestFirst() {
        Map<String, String> labels = Map.of(
                "fabric.topograph.run/tier-3", "s4",
                "fabric.topograph.run/tier-0", "s1",
                "fabric.topograph.run/tier-2", "s3",
                "fabric.topograph.run/tier-1", "s2",
                "accelerator.topograph.run/domain", "nvl1");

        assertThat(BUILT_IN.placement("node gpu-1", labels))
                .contains(new NodePlacement(List.of("s1", "s2", "s3", "s4"), "nvl1", null, null, null));
    }

    @Test
    void aFourLayerEksNodeIsNearestItsFourthLayer() {
        Map<String, String> labels = Map.of(
                "topology.k8s.aws/network-node-layer-1", "nn-top",
                "topology.k8s.aws/network-node-layer-2", "nn-middle",
                "topology.k8s.aws/network-node-layer-3", "nn-lower",
                "topology.k8s.aws/network-node-layer-4", "nn-bottom",
                "topology.kubernetes.io/zone", "us-east-1a");

        assertThat(BUILT_IN.placement("node p5-1", labels).orElseThrow().switchTiers())
                .containsExactly("nn-bottom", "nn-lower", "nn-middle", "nn-top");
    }

    @Test
    void configuredKeysWinOverTheBuiltInOnes() {
        TopologyLabels configured = new TopologyLabels(List.of("example.com/rack-switch", "example.com/pod-spine"));
        Map<String, String> labels = Map.of(
                "example.com/rack-switch", "r12",
                "example.com/pod-spine", "p3",
                "network.topology.nvidia.com/leaf", "s1");

        assertThat(configured.placement("node gpu-1", labels).orElseThrow().switchTiers())
                .containsExactly("r12", "p3");
        assertThat(configured.placement("node gpu-2", Map.of("network.topology.nvidia.com/leaf", "s1")))
                .map(NodePlacement::switchTiers)
                .contains(List.of("s1"));
    }

    @Test
    void aNodeWithoutTopologyLabelsHasNoPlacement() {
        assertThat(BUILT_IN.placement("node cpu-1", Map.of("topology.kubernetes.io/zone", "us-east-1a")))
                .isEmpty();
    }

    @Test
    void refusesATierBeyondAGapNamingTheNodeAndLabel() {
        Map<String, String> labels = Map.of(
                "fabric.topograph.run/tier-0", "s1",
                "fabric.topograph.run/tier-2", "s3");

        assertThatThrownBy(() -> BUILT_IN.placement("node gpu-3", labels))
                .isInstanceOf(TopologyFormatException.class)
                .hasMessage("node gpu-3, label fabric.topograph.run/tier-2: names a switch tier beyond one it does not"
                        + " name (fabric.topograph.run/tier-1)");
    }

    @Test
    void refusesAValueThatIsNoLabelValue() {
        Map<String, String> labels = Map.of("network.topology.nvidia.com/leaf", "s1 s2");

        assertThatThrownBy(() -> BUILT_IN.placement("configmap topology/nodes", labels))
                .isInstanceOf(TopologyFormatException.class)
                .hasMessageStartingWith(
                        "configmap topology/nodes, label network.topology.nvidia.com/leaf: value is not a Kubernetes"
                                + " label value");
    }
}
