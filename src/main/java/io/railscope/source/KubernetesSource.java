package io.railscope.source;

/** Reads a cell's inventory and IPAM state from its Kubernetes API. */
@FunctionalInterface
public interface KubernetesSource {

    /**
     * Fetches a complete snapshot. Must return the whole cell or throw: a partial snapshot would
     * delete what it left out. Must respond to thread interruption, which is how a timeout ends it.
     */
    KubernetesSnapshot fetchKubernetes() throws Exception;

    /**
     * The cell is collected by another replica now: let go of what keeps it current here (its watches). The next
     * fetch starts again from a full list.
     */
    default void idle() {}
}
