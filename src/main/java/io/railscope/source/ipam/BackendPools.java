package io.railscope.source.ipam;

import io.railscope.source.IpLeak;
import io.railscope.source.PoolUsage;
import io.railscope.source.RailAsymmetry;
import io.railscope.source.ipam.ClusterObjects.NetworkAttachment;
import io.railscope.source.ipam.ClusterObjects.NvIpamPool;
import io.railscope.source.ipam.ClusterObjects.PodObject;
import io.railscope.source.ipam.ClusterObjects.WhereaboutsPool;
import io.railscope.source.ipam.ClusterObjects.WhereaboutsRange;
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
    private final Map<String, List<String>> poolsByAttachment = new HashMap<>();

    BackendPools(RailMapping configuredRails, ClusterObjects objects, List<String> problems) {
        List<String> names = new ArrayList<>();
        objects.nvIpamPools().forEach(pool -> names.add(pool.name()));
        objects.whereaboutsPools().forEach(pool -> names.add(pool.name()));
        objects.attachments().forEach(attachment -> names.add(attachment.name()));
        RailMapping rails = configuredRails.forNames(names);
        rails.notice().ifPresent(problems::add);
        Map<String, String> attachmentByPool = new HashMap<>();
        Map<String, List<WhereaboutsRange>> whereaboutsConfigs = new HashMap<>();
        for (NetworkAttachment attachment : objects.attachments()) {
            List<String> pools = new ArrayList<>();
            if (attachment.poolName() != null) {
                pools.add(attachment.poolName());
            }
            // whereabouts allocates from every range the config lists, each into the pool named after it
            for (WhereaboutsRange range : attachment.whereaboutsRanges()) {
                String pool = WhereaboutsNames.poolName(range.range(), range.networkName());
                whereaboutsConfigs
                        .computeIfAbsent(pool, key -> new ArrayList<>())
                        .add(range);
                if (!pools.contains(pool)) {
                    pools.add(pool);
                }
            }
            poolsByAttachment.putIfAbsent(attachment.name(), pools);
            pools.forEach(pool -> attachmentByPool.putIfAbsent(pool, attachment.name()));
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
                pools.add(WhereaboutsPools.usage(
                        pool,
                        rail,
                        whereaboutsConfigs.getOrDefault(pool.name(), List.of()),
                        livePods,
                        leaks,
                        label,
                        problems));
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

    /** The backend pool a NetworkAttachmentDefinition allocates from, or null: none known, or several (ipRanges). */
    String poolOfAttachment(String attachment) {
        List<String> pools = poolsByAttachment.getOrDefault(attachment, List.of()).stream()
                .filter(poolNames::contains)
                .toList();
        return pools.size() == 1 ? pools.get(0) : null;
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
}
