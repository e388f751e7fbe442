package io.railscope.source.ipam;

import io.railscope.model.Ipv4Cidr;
import io.railscope.model.Plane;
import io.railscope.model.PoolKind;
import io.railscope.source.PoolUsage;
import io.railscope.source.WaitingNode;
import io.railscope.source.ipam.ClusterObjects.CiliumConfig;
import io.railscope.source.ipam.ClusterObjects.CiliumNodeObject;
import io.railscope.source.ipam.ClusterObjects.CiliumPodIpPool;
import io.railscope.source.ipam.ClusterObjects.PodObject;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Cilium multi-pool IPAM: each CiliumPodIPPool is a primary pool of its own, cut into blocks of its maskSize
 * (operator/pkg/ipam/allocator/multipool); a node holds the blocks its CiliumNode's spec.ipam.pools.allocated
 * lists, and one that requested a pool and holds none of its blocks waits.
 */
final class CiliumMultiPools {

    private final List<PoolUsage> pools = new ArrayList<>();
    private final List<WaitingNode> waiting = new ArrayList<>();

    /** One pool per CiliumPodIPPool: blocks from its CIDRs, used as the CiliumNodes' spec.ipam.pools.allocated say, pods by their address. */
    CiliumMultiPools(ClusterObjects objects, CiliumConfig cilium, List<String> problems) {
        Map<String, List<Ipv4Cidr>> allocatedByNode = new HashMap<>();
        Map<String, Map<String, Integer>> usedByPool = new LinkedHashMap<>();
        for (CiliumPodIpPool pool : objects.ciliumPools()) {
            usedByPool.put(pool.name(), new LinkedHashMap<>());
        }
        for (CiliumNodeObject node : objects.ciliumNodes()) {
            node.poolCidrs().forEach((pool, cidrs) -> {
                for (String cidr : cidrs) {
                    if (cidr.contains(":")) {
                        continue;
                    }
                    try {
                        allocatedByNode
                                .computeIfAbsent(node.name(), key -> new ArrayList<>())
                                .add(Ipv4Cidr.parse(cidr));
                        usedByPool
                                .computeIfAbsent(pool, key -> new LinkedHashMap<>())
                                .put(Ipv4Cidr.parse(cidr).toString(), 0);
                    } catch (IllegalArgumentException e) {
                        problems.add(
                                "CiliumNode " + node.name() + ": bad CIDR '" + cidr + "' of pool " + pool + " skipped");
                    }
                }
            });
            for (String requested : node.requestedPools()) {
                if (node.poolCidrs().getOrDefault(requested, List.of()).stream()
                        .noneMatch(cidr -> !cidr.contains(":"))) {
                    waiting.add(new WaitingNode(
                            node.name(),
                            requested,
                            node.operatorError() != null
                                            && !node.operatorError().isBlank()
                                    ? "the Cilium operator could not give it a block: " + node.operatorError()
                                    : "it requested a block of pool " + requested + " and has none yet"));
                }
            }
        }
        for (PodObject pod : objects.pods()) {
            List<Ipv4Cidr> allocated = pod.node() == null ? null : allocatedByNode.get(pod.node());
            if (allocated == null || !PrimaryPlane.hasAddress(pod)) {
                continue;
            }
            int address;
            try {
                address = Ipv4Cidr.address(pod.ip());
            } catch (IllegalArgumentException e) {
                continue;
            }
            for (Ipv4Cidr block : allocated) {
                if (block.contains(address)) {
                    usedByPool
                            .values()
                            .forEach(used -> used.computeIfPresent(block.toString(), (key, count) -> count + 1));
                }
            }
        }
        for (CiliumPodIpPool pool : objects.ciliumPools()) {
            List<Ipv4Cidr> cidrs = new ArrayList<>();
            for (String cidr : pool.cidrs()) {
                try {
                    cidrs.add(Ipv4Cidr.parse(cidr));
                } catch (IllegalArgumentException e) {
                    problems.add("CiliumPodIPPool " + pool.name() + ": bad CIDR '" + cidr + "' skipped");
                }
            }
            Map<String, Integer> used = usedByPool.getOrDefault(pool.name(), Map.of());
            // the agent's router and health addresses come from the default pool, once per node that holds a block of
            // it
            long agent = pool.name().equals(cilium.defaultPool())
                    ? objects.ciliumNodes().stream()
                                    .filter(node -> node.poolCidrs().getOrDefault(pool.name(), List.of()).stream()
                                            .anyMatch(cidr -> !cidr.contains(":")))
                                    .count()
                            * cilium.agentAddresses()
                    : 0;
            long blocksTotal = cidrs.stream()
                    .mapToLong(cidr -> cidr.blocks(pool.maskSize()))
                    .sum();
            long perBlock = cilium.usable(1L << (32 - pool.maskSize()));
            if (pool.maskSize() >= 31 && cilium.version() == null) {
                problems.add("CiliumPodIPPool " + pool.name() + ": its /" + pool.maskSize() + " blocks are counted as"
                        + " Cilium 1.17 and later count them (" + perBlock + " per block; none before 1.17): the"
                        + " agent's version is unknown");
            }
            pools.add(new PoolUsage(
                    pool.name(),
                    Plane.PRIMARY,
                    null,
                    PoolKind.CILIUM_MULTI_POOL,
                    cidrs.stream().map(Ipv4Cidr::toString).toList(),
                    pool.maskSize(),
                    blocksTotal * perBlock,
                    used.values().stream().mapToLong(Integer::longValue).sum() + agent,
                    blocksTotal,
                    used.size(),
                    0,
                    0,
                    cidrs.isEmpty()
                            ? "it has no IPv4 CIDR Railscope can read in spec.ipv4.cidrs (IPv6 multi-pool pools are"
                                    + " not counted)"
                            : null,
                    List.of()));
        }
    }

    List<PoolUsage> pools() {
        return pools;
    }

    List<WaitingNode> waiting() {
        return waiting;
    }
}
