package io.railscope.store;

import io.railscope.assess.PoolHeadroom;
import io.railscope.source.KubernetesSnapshot;
import io.railscope.source.PoolUsage;
import java.util.List;

/** The Kubernetes part of a collection: the snapshot, and its pools with their headroom. */
public record KubernetesState(KubernetesSnapshot snapshot, List<AssessedPool> pools) {

    /** A pool and the verdict on its headroom. */
    public record AssessedPool(PoolUsage usage, PoolHeadroom headroom) {
    }
}
