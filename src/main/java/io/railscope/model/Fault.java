package io.railscope.model;

/**
 * A failure the simulated fleet can inject, one per real failure mode Railscope must recognise.
 * Configured as kebab-case names, e.g. {@code railscope.cells.a.simulated.faults=rail-down,pool-near-exhaustion}.
 */
public enum Fault {
    /** The primary pod pool has only about 2 % of its node blocks left. */
    POOL_NEAR_EXHAUSTION,
    /** A few nodes hold more neighbor entries than gc_thresh2, one close to gc_thresh3. */
    NEIGHBOR_OVER_GC_THRESH2,
    /** One dual-stack node holds 700 IPv6 neighbor entries, over net.ipv6.neigh.default.gc_thresh2 (512). */
    NEIGHBOR_IPV6_OVER_GC_THRESH2,
    /** One port is down (state DOWN, physical state Polling). */
    RAIL_DOWN,
    /** One port's link_downed counter rises on every collection. */
    RAIL_FLAPPING,
    /** One 400G port trained at 200G. */
    RAIL_HALF_RATE,
    /**
     * An incast on one rail: a quarter of its ports send and handle thousands of CNPs per second, see ECN marks, and
     * are paused by PFC 8 % of the time.
     */
    ROCE_CONGESTION,
    /**
     * One leaf switch goes down: every host port cabled to it (one rail of one scalable unit of 32 nodes) is down.
     */
    LEAF_DOWN,
    /** One leaf switch pauses its host ports: every port cabled to it is paused by PFC 8 % of the time. */
    LEAF_PFC_STORM,
    /**
     * One spine's uplinks congest: three in four host ports below its leaves (one rail of a group of four scalable
     * units) are paused by PFC 8 % of the time, while the rail's other spines are quiet.
     */
    SPINE_UPLINK_CONGESTED,
    /**
     * One cable is marginal: its port's symbol errors rise over the bit-error-rate budget and its link goes down and up
     * again every two minutes.
     */
    FLAKY_CABLE,
    /** Two rails of one node have their cables swapped: each is cabled to the other rail's leaf (LLDP says so). */
    RAIL_MISWIRED,
    /** One rail of one node runs another HCA firmware than the node's other rails (node_infiniband_info). */
    RAIL_FIRMWARE_MISMATCH,
    /** One port's symbol errors rise far above the 1e-12 bit-error-rate budget. */
    SYMBOL_ERRORS_RISING,
    /** One NCCL job fell back to NET/Socket on eth0 (its pods restart without their RDMA devices). */
    NCCL_SOCKET_FALLBACK,
    /**
     * One NCCL job fails on RDMA completion errors from a peer: one of its pods runs on the node whose rail is down
     * (with {@link #RAIL_DOWN}), and a rank logs {@code NET/IB : Got completion from peer …} naming it.
     */
    NCCL_PEER_RAIL_DOWN,
    /**
     * One rank of an NCCL job reports half the bus bandwidth of the others in NCCL Inspector: its pod runs on the node
     * whose port trained at half rate (with {@link #RAIL_HALF_RATE}), and its GPU on that rail.
     */
    NCCL_SLOW_RANK,
    /**
     * One running NCCL job (2.29, with RAS) has lost a rank: its RAS service reports the last worker's last rank missing
     * and considered dead. Simulated cells ask RAS when their {@code nccl.ras.enabled} is set; the built-in fleet does.
     */
    NCCL_RANKS_MISSING,
    /** One NCCL job runs with NCCL_DEBUG=WARN, so its transport cannot be proven. */
    NCCL_NO_DEBUG,
    /** Three whereabouts allocations name pods that no longer exist. */
    WHEREABOUTS_LEAK,
    /** Pods on one node fail to get an address (FailedCreatePodSandBox "range is full") and wait in ContainerCreating. */
    IP_ALLOCATION_FAILURES,
    /**
     * Isolation gaps: a tenant namespace without default-deny egress, a hostNetwork privileged debug pod,
     * an inference deployment with a backend rail, a routed rail NAD with MTU 1500, Multus without
     * namespaceIsolation, and one node with RDMA netns shared.
     */
    ISOLATION_GAPS,
    /** The node-metrics source throws on every fetch. */
    METRICS_SOURCE_ERROR,
    /** The node-metrics source hangs far past any timeout. */
    METRICS_SOURCE_HANG
}
