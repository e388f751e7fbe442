package io.railscope.store;

import io.railscope.assess.PoolHeadroom;
import io.railscope.source.NodeBlock;
import io.railscope.source.NodeInfo;
import io.railscope.source.PoolUsage;
import java.util.List;

/** The Kubernetes part of a collection: inventory, pools with their headroom, and per-node blocks. */
public record KubernetesState(List<NodeInfo> nodes, List<AssessedPool> pools, List<NodeBlock> nodeBlocks) {

    /** A pool and the verdict on its headroom. */
    public record AssessedPool(PoolUsage usage, PoolHeadroom headroom) {
    }
}
