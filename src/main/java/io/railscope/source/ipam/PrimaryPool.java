package io.railscope.source.ipam;

import io.railscope.model.Ipv4Cidr;
import io.railscope.model.Plane;
import io.railscope.model.PoolKind;
import io.railscope.source.PoolUsage;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.LongUnaryOperator;

/**
 * The primary pod pool: the configured, Cilium, Calico or kubeadm cluster pool. A node block outside a
 * known pool is reported and not counted against it. When the pool is unknown its size is unknown, not
 * zero: the nodes' blocks are counted as used and nothing is said of what is free.
 */
final class PrimaryPool {

    private final ClusterObjects.ClusterPool pool;
    private final boolean multiPool;
    private final LongUnaryOperator blockSize;
    private final String unknownBecause;
    private final List<String> problems;
    private final List<Ipv4Cidr> cidrs = new ArrayList<>();
    /** The block prefix length of each of {@code cidrs}. */
    private final List<Integer> masks = new ArrayList<>();

    private final Set<String> seenBlocks = new HashSet<>();
    private long blocksUsed;
    private long addressesUsed;

    /**
     * @param blockSize        addresses pods can get in a block of a size, as the CNI's allocator counts them
     * @param unknownBecause   what Railscope would need to see to know the pool, said when it is unknown
     */
    PrimaryPool(
            ClusterObjects.ClusterPool pool,
            boolean multiPool,
            LongUnaryOperator blockSize,
            String unknownBecause,
            List<String> problems) {
        this.pool = pool;
        this.multiPool = multiPool;
        this.blockSize = blockSize;
        this.unknownBecause = unknownBecause;
        this.problems = problems;
        if (pool != null) {
            for (int i = 0; i < pool.cidrs().size(); i++) {
                String cidr = pool.cidrs().get(i);
                try {
                    cidrs.add(Ipv4Cidr.parse(cidr));
                    masks.add(pool.masks().get(i));
                } catch (IllegalArgumentException e) {
                    problems.add(pool.kind() + ": bad cluster pool CIDR '" + cidr + "' skipped");
                }
            }
        } else if (!multiPool) {
            problems.add("cluster pool unknown: " + unknownBecause + "; headroom counts the nodes' blocks only");
        }
    }

    private boolean known() {
        return pool != null && !cidrs.isEmpty();
    }

    /** Counts a node's block with the addresses in use; false when it lies outside the known pool. */
    boolean addBlock(String node, Ipv4Cidr block, int used) {
        if (known()
                && cidrs.stream()
                        .noneMatch(cidr -> cidr.contains(block.network()) && block.prefix() >= cidr.prefix())) {
            problems.add("Node " + node + ": pod CIDR " + block + " lies outside the cluster pool "
                    + String.join(" ", pool.cidrs()) + "; not counted");
            return false;
        }
        addressesUsed += used;
        if (seenBlocks.add(block.toString())) {
            blocksUsed++;
        }
        return true;
    }

    Optional<PoolUsage> usage(long failures) {
        if (pool == null && multiPool) {
            return Optional.empty();
        }
        if (!known()) {
            return Optional.of(new PoolUsage(
                    IpamDerivation.PRIMARY_POOL,
                    Plane.PRIMARY,
                    null,
                    pool == null ? PoolKind.NODE_POD_CIDRS : pool.kind(),
                    List.of(),
                    pool == null ? null : pool.maskSize(),
                    0,
                    addressesUsed,
                    0,
                    blocksUsed,
                    0,
                    failures,
                    pool == null ? unknownBecause : "none of its CIDRs " + pool.cidrs() + " could be read",
                    List.of()));
        }
        long blocksTotal = 0;
        long capacity = 0;
        for (int i = 0; i < cidrs.size(); i++) {
            int mask = masks.get(i);
            long blocks = cidrs.get(i).blocks(mask);
            blocksTotal += blocks;
            capacity += blocks * blockSize.applyAsLong(1L << (32 - mask));
        }
        return Optional.of(new PoolUsage(
                IpamDerivation.PRIMARY_POOL,
                Plane.PRIMARY,
                null,
                pool.kind(),
                cidrs.stream().map(Ipv4Cidr::toString).toList(),
                pool.maskSize(),
                capacity,
                addressesUsed,
                blocksTotal,
                blocksUsed,
                0,
                failures,
                null,
                List.of()));
    }
}
