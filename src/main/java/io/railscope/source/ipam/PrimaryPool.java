package io.railscope.source.ipam;

import io.railscope.model.Ipv4Cidr;
import io.railscope.model.Plane;
import io.railscope.source.PoolUsage;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The primary pod pool: the configured or Cilium cluster pool, or only the nodes' blocks when it is
 * unknown. A node block outside a known pool is reported and not counted against it.
 */
final class PrimaryPool {

    private final ClusterObjects.ClusterPool pool;
    private final boolean multiPool;
    private final List<String> problems;
    private final List<Ipv4Cidr> cidrs = new ArrayList<>();
    private final Set<String> seenBlocks = new HashSet<>();
    private long blocksUsed;
    private long addressesUsed;
    private long blockCapacity;

    PrimaryPool(ClusterObjects.ClusterPool pool, boolean multiPool, List<String> problems) {
        this.pool = pool;
        this.multiPool = multiPool;
        this.problems = problems;
        if (pool != null) {
            for (String cidr : pool.cidrs()) {
                try {
                    cidrs.add(Ipv4Cidr.parse(cidr));
                } catch (IllegalArgumentException e) {
                    problems.add(pool.kind() + ": bad cluster pool CIDR '" + cidr + "' skipped");
                }
            }
        } else if (!multiPool) {
            problems.add("cluster pool unknown: neither a cilium-config ConfigMap nor railscope.cells.<cell>.ipam."
                    + "cluster-pool-cidrs; headroom counts the nodes' blocks only");
        }
    }

    /** Counts a node's block with the addresses in use; false when it lies outside the known pool. */
    boolean addBlock(String node, Ipv4Cidr block, int used) {
        if (pool != null
                && !cidrs.isEmpty()
                && cidrs.stream()
                        .noneMatch(cidr -> cidr.contains(block.network()) && block.prefix() >= cidr.prefix())) {
            problems.add("Node " + node + ": pod CIDR " + block + " lies outside the cluster pool "
                    + String.join(" ", pool.cidrs()) + "; not counted");
            return false;
        }
        addressesUsed += used;
        blockCapacity += Math.max(0, block.size() - PrimaryPlane.RESERVED_PER_BLOCK);
        if (seenBlocks.add(block.toString())) {
            blocksUsed++;
        }
        return true;
    }

    Optional<PoolUsage> usage(long failures) {
        if (pool == null) {
            return multiPool
                    ? Optional.empty()
                    : Optional.of(new PoolUsage(
                            IpamDerivation.PRIMARY_POOL,
                            Plane.PRIMARY,
                            null,
                            "node-pod-cidrs",
                            List.of(),
                            null,
                            blockCapacity,
                            addressesUsed,
                            0,
                            blocksUsed,
                            0,
                            failures));
        }
        int mask = pool.maskSize();
        long blocksTotal = cidrs.stream().mapToLong(cidr -> cidr.blocks(mask)).sum();
        long capacity = blocksTotal * Math.max(0, (1L << (32 - mask)) - PrimaryPlane.RESERVED_PER_BLOCK);
        return Optional.of(new PoolUsage(
                IpamDerivation.PRIMARY_POOL,
                Plane.PRIMARY,
                null,
                pool.kind(),
                cidrs.stream().map(Ipv4Cidr::toString).toList(),
                mask,
                capacity,
                addressesUsed,
                blocksTotal,
                blocksUsed,
                0,
                failures));
    }
}
