package io.railscope.source;

import java.util.List;

/** A cell's nodes and address pools as its Kubernetes API showed them at one moment. */
public record KubernetesSnapshot(List<NodeInfo> nodes, List<PoolUsage> pools, List<NodeBlock> nodeBlocks) {

    public KubernetesSnapshot {
        nodes = List.copyOf(nodes);
        pools = List.copyOf(pools);
        nodeBlocks = List.copyOf(nodeBlocks);
    }
}
