package io.railscope.collect;

import static org.assertj.core.api.Assertions.assertThat;

import io.railscope.source.KubernetesSnapshot;
import io.railscope.source.NodeInfo;
import io.railscope.source.topology.NodePlacement;
import io.railscope.source.topology.TopologyLabels;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

/**
 * Nodes placed by their topology labels: a node whose labels name no tier is not placed, a node whose tiers have a
 * gap is left out without taking the others with it, and keys the cell configures come first.
 */
@Execution(ExecutionMode.CONCURRENT)
class NodePlacementsTest {

    private static NodeInfo node(String name, Map<String, String> labels) {
        return new NodeInfo(name, "pool", List.of(), 110, labels);
    }

    private static Optional<KubernetesSnapshot> snapshot(NodeInfo... nodes) {
        return Optional.of(new KubernetesSnapshot(
                List.of(nodes),
                List.of(),
                List.of(),
                List.of(),
                List.of(),
                List.of(),
                List.of(),
                List.of(),
                io.railscope.source.IsolationObjects.none(),
                List.of()));
    }

    @Test
    void aNodeWithAGapInItsTiersIsLeftOutAndTheOthersArePlaced() {
        NodePlacements placements = new NodePlacements("c", new TopologyLabels(List.of()));

        Map<String, NodePlacement> placed = placements.of(snapshot(
                node("a", Map.of("fabric.topograph.run/tier-0", "leaf-1", "fabric.topograph.run/tier-1", "spine-1")),
                node("b", Map.of("fabric.topograph.run/tier-0", "leaf-2", "fabric.topograph.run/tier-2", "core-1")),
                node("c", Map.of("kubernetes.io/hostname", "c")),
                node(
                        "d",
                        Map.of(
                                "topology.k8s.aws/network-node-layer-1", "nn-top",
                                "topology.k8s.aws/network-node-layer-2", "nn-mid",
                                "topology.k8s.aws/network-node-layer-3", "nn-bottom"))));

        assertThat(placed).containsOnlyKeys("a", "d");
        assertThat(placed.get("a").switchTiers()).containsExactly("leaf-1", "spine-1");
        assertThat(placed.get("d").switchTiers()).containsExactly("nn-bottom", "nn-mid", "nn-top");
    }

    @Test
    void keysTheCellConfiguresComeFirst() {
        NodePlacements placements =
                new NodePlacements("c", new TopologyLabels(List.of("example.com/tor", "example.com/pod")));

        Map<String, NodePlacement> placed = placements.of(snapshot(node(
                "a",
                Map.of(
                        "example.com/tor", "tor-7",
                        "example.com/pod", "pod-2",
                        "network.topology.nvidia.com/leaf", "other-leaf"))));

        assertThat(placed.get("a").switchTiers()).containsExactly("tor-7", "pod-2");
    }

    @Test
    void withoutTheKubernetesSourceNoNodeIsPlaced() {
        assertThat(new NodePlacements("c", new TopologyLabels(List.of())).of(Optional.empty()))
                .isEmpty();
    }
}
