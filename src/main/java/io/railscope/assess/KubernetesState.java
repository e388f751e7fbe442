package io.railscope.assess;

import io.railscope.audit.IsolationFinding;
import io.railscope.source.KubernetesSnapshot;
import io.railscope.source.PoolUsage;
import java.util.List;

/** The Kubernetes part of a collection: the snapshot, its pools with their headroom, and what the isolation audit found. */
public record KubernetesState(KubernetesSnapshot snapshot, List<AssessedPool> pools, List<IsolationFinding> isolation) {

    /** A pool and the verdict on its headroom. */
    public record AssessedPool(PoolUsage usage, PoolHeadroom headroom) {}
}
