package io.railscope.model;

/**
 * What an allocation failure says ran out: a pool, a node's own block or range, or the number of blocks a node may
 * hold. Only the first is evidence that a pool is exhausted.
 */
public enum AllocationFailureKind {
    /** No free block or address left in the pool (CIDRNotAvailable, NoFreeRanges, a whole whereabouts range, …). */
    POOL_EXHAUSTED("the pool has no free block or address"),
    /** The node's block or range is full; the pool may have room (host-local, Cilium's agent, nv-ipam's node). */
    NODE_RANGE_FULL("the node's block or range is full"),
    /**
     * The node holds as many blocks as it may: Calico's maxBlocksPerHost (libcalico-go lib/ipam/ipam.go,
     * ErrBlockLimit). The pool may have many blocks free.
     */
    NODE_BLOCK_LIMIT("the node holds as many blocks as it may"),
    /** The IPAM assigned nothing and did not say why (Calico's bare "Assigned 0 out of 1"). */
    UNEXPLAINED("the IPAM assigned no address and did not say why");

    private final String words;

    AllocationFailureKind(String words) {
        this.words = words;
    }

    public String words() {
        return words;
    }
}
