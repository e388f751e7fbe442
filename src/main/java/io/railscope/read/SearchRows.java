package io.railscope.read;

import io.railscope.model.Plane;
import java.util.List;

/** What holds an address, and what has a name containing some text, as stored; each at most {@code limit}. */
public interface SearchRows {

    /** The node blocks whose CIDR holds {@code ip}. */
    List<Block> blocksHolding(String ip, int limit);

    /** The CIDRs of pools that hold {@code ip}. */
    List<PoolCidr> poolCidrsHolding(String ip, int limit);

    /** The leaked allocations of {@code ip}. */
    List<Leak> leaksOf(String ip, int limit);

    /** Nodes whose name contains {@code text}, the one named exactly first. */
    List<Node> nodesNamed(String text, int limit);

    /** Pods of jobs whose name contains {@code text}, each once. */
    List<JobPod> jobPodsNamed(String text, int limit);

    /** Pods stuck waiting for an address whose name contains {@code text}. */
    List<StuckPod> stuckPodsNamed(String text, int limit);

    /** Jobs whose name contains {@code text}, running first. */
    List<Job> jobsNamed(String text, int limit);

    /** Pools whose name contains {@code text}. */
    List<Pool> poolsNamed(String text, int limit);

    /** Cells whose name contains {@code text}. */
    List<String> cellsNamed(String text, int limit);

    record Block(String cell, String node, String cidr, String pool, int used, int capacity) {}

    /** {@code rail} null for a pool of no rail. */
    record PoolCidr(String cell, String pool, Plane plane, Integer rail, String cidr) {}

    record Leak(String cell, String pool, String podref) {}

    /** {@code pool} null when the node is in none. */
    record Node(String cell, String node, String pool) {}

    /** {@code node} null when the pod was on none. */
    record JobPod(String cell, String namespace, String job, String pod, String node) {}

    /** {@code node} null when the pod is on none. */
    record StuckPod(String cell, String namespace, String pod, String node) {}

    /** {@code verdict} the stored name of the job's verdict. */
    record Job(String cell, String namespace, String job, String verdict) {}

    /** {@code health} the stored name of the pool's verdict. */
    record Pool(String cell, String pool, Plane plane, String health) {}
}
