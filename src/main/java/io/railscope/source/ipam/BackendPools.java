package io.railscope.source.ipam;

import io.railscope.model.Ipv4Cidr;
import io.railscope.model.Plane;
import io.railscope.source.IpLeak;
import io.railscope.source.PoolUsage;
import io.railscope.source.RailAsymmetry;
import io.railscope.source.ipam.ClusterObjects.AddressRange;
import io.railscope.source.ipam.ClusterObjects.NetworkAttachment;
import io.railscope.source.ipam.ClusterObjects.NodeAllocation;
import io.railscope.source.ipam.ClusterObjects.NvIpamPool;
import io.railscope.source.ipam.ClusterObjects.PodObject;
import io.railscope.source.ipam.ClusterObjects.WhereaboutsPool;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * The backend pools of a cell. nv-ipam hands each node a block (a range of an IPPool, a prefix of
 * a CIDRPool); per-address use stays on the node, so "allocated" counts the addresses handed to
 * nodes. whereabouts allocates single addresses by offset, each naming its pod; one whose pod is
 * gone is a leak.
 */
final class BackendPools {

    private final List<PoolUsage> pools = new ArrayList<>();
    private final List<IpLeak> leaks = new ArrayList<>();
    private final Map<String, Map<Integer, Long>> offsetsByNode = new TreeMap<>();
    private final Set<String> poolNames = new HashSet<>();
    private final Map<String, String> poolByAttachment = new HashMap<>();

    BackendPools(RailMapping configuredRails, ClusterObjects objects, List<String> problems) {
        List<String> names = new ArrayList<>();
        objects.nvIpamPools().forEach(pool -> names.add(pool.name()));
        objects.whereaboutsPools().forEach(pool -> names.add(pool.name()));
        objects.attachments().forEach(attachment -> names.add(attachment.name()));
        RailMapping rails = configuredRails.forNames(names);
        rails.notice().ifPresent(problems::add);
        Map<String, String> attachmentByPool = new HashMap<>();
        for (NetworkAttachment attachment : objects.attachments()) {
            String pool = attachment.poolName() != null ? attachment.poolName()
                    : attachment.range() != null ? WhereaboutsNames.poolName(attachment.range()) : null;
            if (pool != null) {
                poolByAttachment.putIfAbsent(attachment.name(), pool);
            }
            if (attachment.poolName() != null) {
                attachmentByPool.putIfAbsent(attachment.poolName(), attachment.name());
            }
            if (attachment.range() != null) {
                attachmentByPool.putIfAbsent(WhereaboutsNames.poolName(attachment.range()), attachment.name());
            }
        }
        for (NvIpamPool pool : objects.nvIpamPools()) {
            String label = (pool.cidrPool() ? "nv-ipam CIDRPool " : "nv-ipam IPPool ") + pool.namespace() + "/" + pool.name();
            try {
                Integer rail = rails.railOf(pool.name(), attachmentByPool.get(pool.name()));
                pools.add(pool.cidrPool() ? cidrPool(pool, rail, label, problems) : ipPool(pool, rail, label, problems));
                poolNames.add(pool.name());
            } catch (IllegalArgumentException e) {
                problems.add(label + ": " + e.getMessage() + "; pool skipped");
            }
        }
        Set<String> livePods = objects.whereaboutsPools().isEmpty() ? Set.of() : livePods(objects.pods());
        for (WhereaboutsPool pool : objects.whereaboutsPools()) {
            String label = "whereabouts IPPool " + pool.name();
            try {
                Integer rail = rails.railOf(pool.name(), attachmentByPool.get(pool.name()));
                pools.add(whereabouts(pool, rail, livePods, label, problems));
                poolNames.add(pool.name());
            } catch (IllegalArgumentException e) {
                problems.add(label + ": " + e.getMessage() + "; pool skipped");
            }
        }
    }

    private static Set<String> livePods(List<PodObject> pods) {
        Set<String> live = new HashSet<>(pods.size() * 2);
        for (PodObject pod : pods) {
            live.add(pod.namespace() + "/" + pod.name());
        }
        return live;
    }

    List<PoolUsage> pools() {
        return pools;
    }

    List<IpLeak> leaks() {
        return leaks;
    }

    Set<String> poolNames() {
        return poolNames;
    }

    /** The backend pool a NetworkAttachmentDefinition allocates from, or null. */
    String poolOfAttachment(String attachment) {
        String pool = poolByAttachment.get(attachment);
        return pool != null && poolNames.contains(pool) ? pool : null;
    }

    /** Nodes whose block index is not the same in every rail's pool. */
    List<RailAsymmetry> asymmetricNodes() {
        List<RailAsymmetry> asymmetric = new ArrayList<>();
        offsetsByNode.forEach((node, offsets) -> {
            if (offsets.size() > 1 && offsets.values().stream().distinct().count() > 1) {
                asymmetric.add(new RailAsymmetry(node, Map.copyOf(offsets)));
            }
        });
        return asymmetric;
    }

    private PoolUsage ipPool(NvIpamPool pool, Integer rail, String label, List<String> problems) {
        Ipv4Cidr subnet = Ipv4Cidr.parse(pool.subnet());
        int blockSize = pool.perNodeBlockSize();
        if (blockSize <= 0) {
            throw new IllegalArgumentException("perNodeBlockSize " + blockSize + " is not positive");
        }
        long usable = subnet.size() - 2 - excluded(subnet, pool.exclusions(), label, problems);
        long blocksTotal = Math.max(0, usable / blockSize);
        long blocksUsed = 0;
        for (NodeAllocation allocation : pool.allocations()) {
            try {
                int start = Ipv4Cidr.address(allocation.start());
                if (!subnet.contains(start)) {
                    throw new IllegalArgumentException("start " + allocation.start() + " outside " + subnet);
                }
                blocksUsed++;
                if (rail != null) {
                    offsetsByNode.computeIfAbsent(allocation.node(), node -> new TreeMap<>()).put(rail,
                            subnet.offsetOf(start) / blockSize);
                }
            } catch (IllegalArgumentException e) {
                problems.add(label + ": allocation of node " + allocation.node() + " skipped: " + e.getMessage());
            }
        }
        return new PoolUsage(pool.name(), Plane.BACKEND, rail, "nv-ipam-ippool", List.of(subnet.toString()), null,
                Math.max(0, usable), blocksUsed * blockSize, blocksTotal, blocksUsed, 0, 0);
    }

    private PoolUsage cidrPool(NvIpamPool pool, Integer rail, String label, List<String> problems) {
        Ipv4Cidr cidr = Ipv4Cidr.parse(pool.subnet());
        int prefix = pool.perNodePrefix();
        if (prefix < cidr.prefix() || prefix > 32) {
            throw new IllegalArgumentException("perNodeNetworkPrefix /" + prefix + " does not fit in " + cidr);
        }
        long blockSize = 1L << (32 - prefix);
        long excludedBlocks = excluded(cidr, pool.exclusions(), label, problems) / blockSize;
        long blocksTotal = Math.max(0, cidr.blocks(prefix) - excludedBlocks);
        long blocksUsed = 0;
        for (NodeAllocation allocation : pool.allocations()) {
            try {
                Ipv4Cidr block = Ipv4Cidr.parse(allocation.prefix());
                if (!cidr.contains(block.network()) || block.prefix() != prefix) {
                    throw new IllegalArgumentException("prefix " + allocation.prefix() + " is not a /" + prefix + " of " + cidr);
                }
                blocksUsed++;
                if (rail != null) {
                    offsetsByNode.computeIfAbsent(allocation.node(), node -> new TreeMap<>()).put(rail,
                            cidr.offsetOf(block.network()) / blockSize);
                }
            } catch (IllegalArgumentException e) {
                problems.add(label + ": allocation of node " + allocation.node() + " skipped: " + e.getMessage());
            }
        }
        return new PoolUsage(pool.name(), Plane.BACKEND, rail, "nv-ipam-cidrpool", List.of(cidr.toString()), prefix,
                blocksTotal * blockSize, blocksUsed * blockSize, blocksTotal, blocksUsed, 0, 0);
    }

    private PoolUsage whereabouts(WhereaboutsPool pool, Integer rail, Set<String> livePods, String label, List<String> problems) {
        Ipv4Cidr range = Ipv4Cidr.parse(pool.range());
        long allocated = 0;
        long leaked = 0;
        for (Map.Entry<Long, String> allocation : pool.podrefsByOffset().entrySet()) {
            long offset = allocation.getKey();
            if (offset < 1 || offset >= range.size() - 1) {
                problems.add(label + ": allocation at offset " + offset + " is outside " + range + "; skipped");
                continue;
            }
            allocated++;
            String podref = allocation.getValue();
            if (podref == null || !livePods.contains(podref)) {
                leaked++;
                leaks.add(new IpLeak(pool.name(), Ipv4Cidr.format((int) (range.network() + offset)), podref));
            }
        }
        return new PoolUsage(pool.name(), Plane.BACKEND, rail, "whereabouts", List.of(range.toString()), null,
                Math.max(0, range.size() - 2), allocated, 0, 0, leaked, 0);
    }

    /** Addresses of {@code cidr} covered by the exclusions; overlaps counted once, malformed ones reported. */
    private static long excluded(Ipv4Cidr cidr, List<AddressRange> exclusions, String label, List<String> problems) {
        List<long[]> ranges = new ArrayList<>();
        long first = Integer.toUnsignedLong(cidr.network());
        long last = first + cidr.size() - 1;
        for (AddressRange exclusion : exclusions) {
            try {
                long start = Math.max(first, Integer.toUnsignedLong(Ipv4Cidr.address(exclusion.start())));
                long end = Math.min(last, Integer.toUnsignedLong(Ipv4Cidr.address(exclusion.end())));
                if (start <= end) {
                    ranges.add(new long[] {start, end});
                }
            } catch (IllegalArgumentException e) {
                problems.add(label + ": exclusion " + exclusion.start() + "-" + exclusion.end() + " skipped: " + e.getMessage());
            }
        }
        ranges.sort((a, b) -> Long.compare(a[0], b[0]));
        long total = 0;
        long coveredUntil = -1;
        for (long[] range : ranges) {
            long start = Math.max(range[0], coveredUntil + 1);
            if (start <= range[1]) {
                total += range[1] - start + 1;
                coveredUntil = range[1];
            }
        }
        return total;
    }
}
