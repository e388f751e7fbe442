package io.railscope.source.ipam;

import io.railscope.model.Plane;
import io.railscope.source.IpLeak;
import io.railscope.source.PoolUsage;
import io.railscope.source.RailAsymmetry;
import io.railscope.source.ipam.ClusterObjects.NetworkAttachment;
import io.railscope.source.ipam.ClusterObjects.NvIpamPool;
import io.railscope.source.ipam.ClusterObjects.PodObject;
import io.railscope.source.ipam.ClusterObjects.WhereaboutsPool;
import io.railscope.source.ipam.ClusterObjects.WhereaboutsRange;
import java.math.BigInteger;
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
        Map<String, WhereaboutsRange> whereaboutsConfigs = new HashMap<>();
        for (NetworkAttachment attachment : objects.attachments()) {
            String networkName = attachment.whereabouts() == null
                    ? null
                    : attachment.whereabouts().networkName();
            String pool = attachment.poolName() != null
                    ? attachment.poolName()
                    : attachment.range() != null ? WhereaboutsNames.poolName(attachment.range(), networkName) : null;
            if (pool != null && attachment.whereabouts() != null) {
                whereaboutsConfigs.putIfAbsent(pool, attachment.whereabouts());
            }
            if (pool != null) {
                poolByAttachment.putIfAbsent(attachment.name(), pool);
            }
            if (attachment.poolName() != null) {
                attachmentByPool.putIfAbsent(attachment.poolName(), attachment.name());
            }
            if (attachment.range() != null) {
                attachmentByPool.putIfAbsent(
                        WhereaboutsNames.poolName(attachment.range(), networkName), attachment.name());
            }
        }
        Set<String> nodes = new HashSet<>();
        objects.nodes().forEach(node -> nodes.add(node.name()));
        for (NvIpamPool pool : objects.nvIpamPools()) {
            String label =
                    (pool.cidrPool() ? "nv-ipam CIDRPool " : "nv-ipam IPPool ") + pool.namespace() + "/" + pool.name();
            Integer rail = rails.railOf(pool.name(), attachmentByPool.get(pool.name()));
            NvIpamPools counted = NvIpamPools.of(pool, rail, nodes, label, problems);
            pools.add(counted.usage());
            poolNames.add(pool.name());
            if (rail != null) {
                counted.blocks()
                        .forEach((node, block) -> offsetsByNode
                                .computeIfAbsent(node, key -> new TreeMap<>())
                                .put(rail, block));
            }
        }
        Set<String> livePods = objects.whereaboutsPools().isEmpty() ? Set.of() : livePods(objects.pods());
        for (WhereaboutsPool pool : objects.whereaboutsPools()) {
            String label = "whereabouts IPPool " + pool.name();
            try {
                Integer rail = rails.railOf(pool.name(), attachmentByPool.get(pool.name()));
                pools.add(whereabouts(pool, rail, whereaboutsConfigs.get(pool.name()), livePods, label, problems));
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

    /**
     * A whereabouts pool: allocations are offsets from the range's network address; pods can get
     * network + 1 (or range_start) to the last address before broadcast (or range_end), less the
     * excluded CIDRs (pkg/allocate/allocate.go, IterateForAssignment).
     */
    private PoolUsage whereabouts(
            WhereaboutsPool pool,
            Integer rail,
            WhereaboutsRange config,
            Set<String> livePods,
            String label,
            List<String> problems) {
        IpPrefix range = IpPrefix.parse(pool.range());
        for (String key : pool.malformedKeys()) {
            problems.add(label + ": allocation key '" + key
                    + "' is not an offset; whereabouts ignores it and the address counts as free");
        }
        BigInteger first = range.network().add(BigInteger.ONE);
        BigInteger last = range.last().subtract(BigInteger.ONE);
        AddressRanges excluded = new AddressRanges();
        if (config != null) {
            first = narrowed(config.rangeStart(), range, first, true, label, problems);
            last = narrowed(config.rangeEnd(), range, last, false, label, problems);
            for (String cidr : config.exclude()) {
                try {
                    IpPrefix exclude = IpPrefix.parse(cidr);
                    excluded.add(exclude.network(), exclude.last());
                } catch (IllegalArgumentException e) {
                    problems.add(label + ": exclude '" + cidr + "' skipped: " + e.getMessage());
                }
            }
        }
        BigInteger usable = first.compareTo(last) > 0
                ? BigInteger.ZERO
                : last.subtract(first).add(BigInteger.ONE).subtract(excluded.count(first, last));
        long allocated = 0;
        long leaked = 0;
        BigInteger size = range.size();
        for (Map.Entry<Long, String> allocation : pool.podrefsByOffset().entrySet()) {
            long offset = allocation.getKey();
            if (offset < 1 || BigInteger.valueOf(offset).compareTo(size.subtract(BigInteger.ONE)) >= 0) {
                problems.add(label + ": allocation at offset " + offset + " is outside " + pool.range() + "; skipped");
                continue;
            }
            allocated++;
            String podref = allocation.getValue();
            if (podref == null || !livePods.contains(podref)) {
                leaked++;
                leaks.add(new IpLeak(pool.name(), address(range, offset), podref));
            }
        }
        return new PoolUsage(
                pool.name(),
                Plane.BACKEND,
                rail,
                "whereabouts",
                List.of(pool.range()),
                null,
                IpPrefix.saturated(usable),
                allocated,
                0,
                0,
                leaked,
                0,
                null,
                List.of());
    }

    /** range_start or range_end when inside the range (whereabouts ignores one outside), else the default. */
    private static BigInteger narrowed(
            String address, IpPrefix range, BigInteger otherwise, boolean start, String label, List<String> problems) {
        if (address == null || address.isBlank()) {
            return otherwise;
        }
        try {
            BigInteger value = IpPrefix.address(address.strip());
            if (!range.contains(value)) {
                return otherwise;
            }
            return start ? value.max(otherwise) : value.min(otherwise);
        } catch (IllegalArgumentException e) {
            problems.add(label + ": " + (start ? "range_start" : "range_end") + " '" + address + "' skipped: "
                    + e.getMessage());
            return otherwise;
        }
    }

    private static String address(IpPrefix range, long offset) {
        return IpPrefix.format(range.network().add(BigInteger.valueOf(offset)), range.ipv4());
    }
}
