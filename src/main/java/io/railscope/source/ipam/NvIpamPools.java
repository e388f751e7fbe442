package io.railscope.source.ipam;

import io.railscope.model.Plane;
import io.railscope.model.PoolKind;
import io.railscope.source.PoolUsage;
import io.railscope.source.ipam.ClusterObjects.AddressRange;
import io.railscope.source.ipam.ClusterObjects.IndexRange;
import io.railscope.source.ipam.ClusterObjects.NodeAllocation;
import io.railscope.source.ipam.ClusterObjects.NvIpamPool;
import java.math.BigInteger;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * An nv-ipam pool counted as its controller and node agent count it (README, "how the numbers are
 * made", and src/test/resources/conformance/RULES-nv-ipam-whereabouts.md): the block grid, which
 * blocks it can hand out, the addresses pods can get in each, and which status entries it keeps. A
 * spec the controller refuses hands out nothing. Counts beyond 2^63 (IPv6) are shown as 2^63 − 1.
 *
 * @param usage  the pool's numbers
 * @param blocks the index of each node's block, for rail symmetry
 */
record NvIpamPools(PoolUsage usage, Map<String, Long> blocks) {

    static NvIpamPools of(NvIpamPool pool, Integer rail, Set<String> nodes, String label, List<String> problems) {
        PoolKind kind = pool.cidrPool() ? PoolKind.NV_IPAM_CIDRPOOL : PoolKind.NV_IPAM_IPPOOL;
        IpPrefix subnet;
        BlockGrid grid;
        try {
            subnet = IpPrefix.parse(pool.subnet());
            grid = pool.cidrPool() ? cidrGrid(pool, subnet) : rangeGrid(pool, subnet);
        } catch (IllegalArgumentException e) {
            problems.add(label + ": the controller refuses its spec (" + e.getMessage() + "); it hands out nothing");
            return new NvIpamPools(
                    new PoolUsage(
                            pool.name(),
                            Plane.BACKEND,
                            rail,
                            kind,
                            List.of(pool.subnet() == null ? "" : pool.subnet()),
                            pool.cidrPool() ? pool.perNodePrefix() : null,
                            0,
                            0,
                            0,
                            0,
                            0,
                            0,
                            null,
                            List.of()),
                    Map.of());
        }
        Map<String, BigInteger> held = held(pool, subnet, grid, nodes, label, problems);
        BlockGrid.Totals totals = grid.totals(held);
        Map<String, Long> offsets = new LinkedHashMap<>();
        held.forEach((node, block) -> offsets.put(node, IpPrefix.saturated(block)));
        return new NvIpamPools(
                new PoolUsage(
                        pool.name(),
                        Plane.BACKEND,
                        rail,
                        kind,
                        List.of(pool.subnet()),
                        pool.cidrPool() ? pool.perNodePrefix() : null,
                        IpPrefix.saturated(totals.capacity()),
                        IpPrefix.saturated(totals.allocated()),
                        IpPrefix.saturated(totals.blocks()),
                        totals.held(),
                        0,
                        0,
                        null,
                        List.of()),
                offsets);
    }

    /**
     * IPPool: blocks of perNodeBlockSize from subnet + 1 (from the network address for a /31 or /32), none
     * reaching the IPv4 broadcast; a gateway in a block is no pod's, and with blocks of one it is no block.
     */
    private static BlockGrid rangeGrid(NvIpamPool pool, IpPrefix subnet) {
        int size = pool.perNodeBlockSize();
        if (size < 1) {
            throw new IllegalArgumentException("perNodeBlockSize " + size + " is not positive");
        }
        BigInteger first =
                subnet.pointToPoint() ? subnet.network() : subnet.network().add(BigInteger.ONE);
        BigInteger limit =
                subnet.ipv4() && !subnet.pointToPoint() ? subnet.last().subtract(BigInteger.ONE) : subnet.last();
        BigInteger available = limit.subtract(first).add(BigInteger.ONE);
        BigInteger blockSize = BigInteger.valueOf(size);
        if (available.compareTo(blockSize) < 0) {
            throw new IllegalArgumentException(
                    "perNodeBlockSize " + size + " is larger than the " + available + " addresses of " + pool.subnet());
        }
        BigInteger gateway = pool.gateway() == null || pool.gateway().isBlank()
                ? null
                : IpPrefix.address(pool.gateway().strip());
        if (gateway != null && !subnet.contains(gateway)) {
            throw new IllegalArgumentException("gateway " + pool.gateway() + " is not part of subnet " + pool.subnet());
        }
        AddressRanges exclusions = exclusions(pool.exclusions(), subnet, pool.subnet());
        AddressRanges perNode = perNodeExclusions(pool.perNodeExclusions(), blockSize);
        return new BlockGrid(first, blockSize, available.divide(blockSize), exclusions, perNode) {
            @Override
            BigInteger hostStart(BigInteger block) {
                return start(block);
            }

            @Override
            BigInteger hostEnd(BigInteger block) {
                return end(block);
            }

            @Override
            BigInteger gateway(BigInteger block) {
                return gateway != null && gateway.compareTo(start(block)) >= 0 && gateway.compareTo(end(block)) <= 0
                        ? gateway
                        : null;
            }

            @Override
            Set<BigInteger> particular() {
                BigInteger block = gateway == null ? null : blockOf(gateway);
                return block == null ? Set.of() : Set.of(block);
            }

            @Override
            boolean reserved(BigInteger block) {
                return size.equals(BigInteger.ONE) && gateway(block) != null;
            }
        };
    }

    /**
     * CIDRPool: every prefix of perNodeNetworkPrefix from the CIDR's network address; pods get its hosts
     * (all of a /31 or /32) but the gateway (gatewayIndex, or a static allocation's); a static allocation
     * without a node keeps its prefix from everyone.
     */
    private static BlockGrid cidrGrid(NvIpamPool pool, IpPrefix cidr) {
        int prefix = pool.perNodePrefix();
        if (prefix < cidr.prefix() || prefix > cidr.bits()) {
            throw new IllegalArgumentException("perNodeNetworkPrefix /" + prefix + " does not fit in " + pool.subnet());
        }
        BigInteger size = BigInteger.ONE.shiftLeft(cidr.bits() - prefix);
        boolean pointToPoint = prefix >= cidr.bits() - 1;
        Integer index = pool.gatewayIndex();
        if (index != null
                && (index < (pointToPoint ? 0 : 1)
                        || BigInteger.valueOf(index).compareTo(size) >= 0
                        || !pointToPoint
                                && cidr.ipv4()
                                && BigInteger.valueOf(index).equals(size.subtract(BigInteger.ONE)))) {
            throw new IllegalArgumentException("gateway index " + index + " is outside of the node prefix /" + prefix);
        }
        AddressRanges exclusions = exclusions(pool.exclusions(), cidr, pool.subnet());
        AddressRanges perNode = perNodeExclusions(pool.perNodeExclusions(), size);
        BigInteger count = BigInteger.ONE.shiftLeft(prefix - cidr.prefix());
        Map<BigInteger, BigInteger> staticGateways = new LinkedHashMap<>();
        Set<BigInteger> reserved = new HashSet<>();
        BlockGrid grid = new BlockGrid(cidr.network(), size, count, exclusions, perNode) {
            @Override
            BigInteger hostStart(BigInteger block) {
                return pointToPoint ? start(block) : start(block).add(BigInteger.ONE);
            }

            @Override
            BigInteger hostEnd(BigInteger block) {
                return pointToPoint || !cidr.ipv4() ? end(block) : end(block).subtract(BigInteger.ONE);
            }

            @Override
            BigInteger gateway(BigInteger block) {
                BigInteger fixed = staticGateways.get(block);
                return fixed != null
                        ? fixed
                        : index == null ? null : start(block).add(BigInteger.valueOf(index));
            }

            @Override
            Set<BigInteger> particular() {
                Set<BigInteger> blocks = new HashSet<>(staticGateways.keySet());
                blocks.addAll(reserved);
                return blocks;
            }

            @Override
            boolean reserved(BigInteger block) {
                return reserved.contains(block);
            }
        };
        for (NodeAllocation allocation : pool.staticAllocations()) {
            BigInteger block = prefixBlock(allocation.prefix(), cidr, prefix, grid);
            if (allocation.node() == null || allocation.node().isBlank()) {
                reserved.add(block);
            } else if (allocation.gateway() != null && !allocation.gateway().isBlank()) {
                staticGateways.put(block, IpPrefix.address(allocation.gateway().strip()));
            } else {
                staticGateways.put(
                        block, index == null ? null : grid.start(block).add(BigInteger.valueOf(index)));
            }
        }
        return grid;
    }

    private static BigInteger prefixBlock(String text, IpPrefix cidr, int prefix, BlockGrid grid) {
        IpPrefix block = IpPrefix.parse(text);
        if (block.prefix() != prefix
                || block.hasHostBits()
                || !cidr.contains(block.network())
                || block.bits() != cidr.bits()) {
            throw new IllegalArgumentException("prefix " + text + " is not a /" + prefix + " of the pool");
        }
        return grid.blockOf(block.network());
    }

    /** The status entries the controller keeps: a node that exists, an aligned block of the pool, no block twice. */
    private static Map<String, BigInteger> held(
            NvIpamPool pool, IpPrefix subnet, BlockGrid grid, Set<String> nodes, String label, List<String> problems) {
        Map<String, BigInteger> held = new LinkedHashMap<>();
        Set<BigInteger> taken = new HashSet<>();
        for (NodeAllocation allocation : pool.allocations()) {
            try {
                BigInteger block = pool.cidrPool()
                        ? prefixBlock(allocation.prefix(), subnet, pool.perNodePrefix(), grid)
                        : rangeBlock(allocation, grid);
                if (block == null) {
                    throw new IllegalArgumentException("outside the pool's blocks");
                }
                if (!nodes.isEmpty() && !nodes.contains(allocation.node())) {
                    continue;
                }
                if (!taken.add(block) || held.containsKey(allocation.node())) {
                    throw new IllegalArgumentException("block already held");
                }
                held.put(allocation.node(), block);
            } catch (IllegalArgumentException e) {
                problems.add(label + ": allocation of node " + allocation.node() + " skipped: " + e.getMessage());
            }
        }
        return held;
    }

    private static BigInteger rangeBlock(NodeAllocation allocation, BlockGrid grid) {
        BigInteger start = IpPrefix.address(allocation.start());
        BigInteger end = IpPrefix.address(allocation.end());
        BigInteger block = grid.blockOf(start);
        if (block == null || !grid.start(block).equals(start)) {
            throw new IllegalArgumentException(
                    "start " + allocation.start() + " is not the start of a block (invalid start IP offset)");
        }
        if (!grid.end(block).equals(end)) {
            throw new IllegalArgumentException(
                    "end " + allocation.end() + " does not end the block (ip count mismatch)");
        }
        return block;
    }

    private static AddressRanges exclusions(List<AddressRange> exclusions, IpPrefix subnet, String subnetText) {
        AddressRanges ranges = new AddressRanges();
        for (AddressRange exclusion : exclusions) {
            BigInteger start = IpPrefix.address(exclusion.start());
            BigInteger end = IpPrefix.address(exclusion.end());
            if (!subnet.contains(start) || !subnet.contains(end)) {
                throw new IllegalArgumentException(
                        "exclusion " + exclusion.start() + "-" + exclusion.end() + " is not part of " + subnetText);
            }
            if (end.compareTo(start) < 0) {
                throw new IllegalArgumentException(
                        "exclusion endIP " + exclusion.end() + " should be equal or greater than startIP");
            }
            ranges.add(start, end);
        }
        return ranges;
    }

    private static AddressRanges perNodeExclusions(List<IndexRange> exclusions, BigInteger blockSize) {
        AddressRanges ranges = new AddressRanges();
        for (IndexRange exclusion : exclusions) {
            if (exclusion.start() < 0
                    || exclusion.end() < exclusion.start()
                    || BigInteger.valueOf(exclusion.end()).compareTo(blockSize) >= 0) {
                throw new IllegalArgumentException(
                        "perNodeExclusions " + exclusion.start() + "-" + exclusion.end() + " is outside the block");
            }
            ranges.add(BigInteger.valueOf(exclusion.start()), BigInteger.valueOf(exclusion.end()));
        }
        return ranges;
    }
}
