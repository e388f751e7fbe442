package io.railscope.model;

/**
 * The sizing of a primary pod pool: per-node blocks large enough for a node's pods plus surge (pods
 * of a rollout that run beside the ones they replace) plus the addresses the CNI keeps, and a
 * cluster pool with a block for every node.
 *
 * @param surge extra share of pods during rollouts, e.g. 0.25
 */
public record IpamPlan(int nodes, int podsPerNode, double surge, int reservedPerBlock) {

    public IpamPlan {
        if (nodes < 1 || podsPerNode < 1 || surge < 0 || reservedPerBlock < 0) {
            throw new IllegalArgumentException(
                    "nodes and pods per node must be positive, surge and reserved not negative");
        }
    }

    /** Addresses one node needs. */
    public int addressesPerNode() {
        return (int) Math.ceil(podsPerNode * (1 + surge)) + reservedPerBlock;
    }

    /** Prefix length of the smallest block that holds {@link #addressesPerNode()}. */
    public int blockPrefix() {
        return 32 - bitsFor(addressesPerNode());
    }

    public long blockAddresses() {
        return 1L << (32 - blockPrefix());
    }

    /** Prefix length of the smallest cluster pool with a block for every node. */
    public int clusterPrefix() {
        return blockPrefix() - bitsFor(nodes);
    }

    public long clusterAddresses() {
        return 1L << (32 - clusterPrefix());
    }

    /** Nodes a pool of prefix length {@code poolPrefix} holds at this plan's block size. */
    public long nodesIn(int poolPrefix) {
        return poolPrefix > blockPrefix() ? 0 : 1L << (blockPrefix() - poolPrefix);
    }

    /** Share of each block's addresses no pod will use at {@code podsPerNode} without surge. */
    public double idleShare() {
        return 1 - (double) podsPerNode / (blockAddresses() - reservedPerBlock);
    }

    private static int bitsFor(long count) {
        return count <= 1 ? 0 : 64 - Long.numberOfLeadingZeros(count - 1);
    }
}
