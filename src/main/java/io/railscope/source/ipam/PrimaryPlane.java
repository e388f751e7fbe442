package io.railscope.source.ipam;

import io.railscope.model.Ipv4Cidr;
import io.railscope.model.Plane;
import io.railscope.source.NodeBlock;
import io.railscope.source.NodeInfo;
import io.railscope.source.PoolUsage;
import io.railscope.source.WaitingNode;
import io.railscope.source.ipam.ClusterObjects.CiliumConfig;
import io.railscope.source.ipam.ClusterObjects.CiliumNodeObject;
import io.railscope.source.ipam.ClusterObjects.CiliumPodIpPool;
import io.railscope.source.ipam.ClusterObjects.NodeObject;
import io.railscope.source.ipam.ClusterObjects.PodObject;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.LongUnaryOperator;
import java.util.function.ToLongFunction;

/**
 * The primary plane's per-node blocks, where the CNI takes them from. Cilium in cluster-pool mode
 * (the agent's default) gives each node the block its operator wrote to the CiliumNode and ignores
 * Node.spec.podCIDRs, which kube-controller-manager may fill from another range: a node whose
 * CiliumNode has no block waits for one. In kubernetes mode, and for other CNIs, the block is
 * Node.spec.podCIDRs. In multi-pool mode each CiliumPodIPPool is a pool of its own. Cilium's agent
 * takes the router address, and the health endpoint's when health checking is on, from each block.
 * Without Cilium, blocks of Node.spec.podCIDRs are host-local's (flannel, k3s, kubenet, Calico with
 * usePodCidr), which keeps the gateway as well as network and broadcast.
 */
final class PrimaryPlane {

    /**
     * Addresses of a block host-local never hands to a pod: network, gateway (the first host address unless
     * configured) and broadcast (containernetworking/plugins plugins/ipam/host-local/backend/allocator/range.go,
     * Canonicalize and lastIP; the iterator skips the gateway).
     */
    static final int HOST_LOCAL_RESERVED = 3;

    private final List<NodeInfo> nodes = new ArrayList<>();
    private final List<NodeBlock> blocks = new ArrayList<>();
    private final List<WaitingNode> waiting = new ArrayList<>();
    private final List<PoolUsage> multiPools = new ArrayList<>();
    private final PrimaryPool primary;
    private final boolean blocksFromNodeSpec;
    /** Addresses pods can get in a block of a size: the CNI's allocator decides (Cilium's, else host-local). */
    private final LongUnaryOperator blockSize;

    PrimaryPlane(ClusterObjects objects, List<String> problems) {
        Optional<CiliumConfig> cilium = objects.cilium();
        int agentAddresses = cilium.map(CiliumConfig::agentAddresses).orElse(0);
        Map<String, CiliumNodeObject> ciliumNodes = new HashMap<>();
        objects.ciliumNodes().forEach(node -> ciliumNodes.put(node.name(), node));
        Map<String, Integer> podsByNode = podsWithAddressByNode(objects.pods());
        blockSize = size -> cilium.map(config -> config.usable(size)).orElse(Math.max(0, size - HOST_LOCAL_RESERVED));
        primary = new PrimaryPool(
                objects.clusterPool().orElse(null),
                cilium.filter(CiliumConfig::multiPool).isPresent(),
                blockSize,
                UnknownPool.reason(objects),
                problems);
        boolean fromCiliumNodes =
                cilium.map(CiliumConfig::blocksFromCiliumNodes).orElse(false);
        boolean configured = objects.clusterPool()
                .filter(pool -> pool.kind().equals("configured"))
                .isPresent();
        // a configured pool says the CNI's blocks are Node.spec.podCIDRs (host-local, flannel, Calico with usePodCidr)
        blocksFromNodeSpec = cilium.map(config -> "kubernetes".equals(config.ipamMode()))
                .orElse(configured || !objects.calicoIpam());
        boolean nodesExpectBlocks = cilium.map(CiliumConfig::perNodeBlocks)
                .orElse(configured
                        || objects.clusterPool()
                                .filter(pool -> pool.kind().equals("kubeadm-pod-subnet"))
                                .isPresent());
        for (NodeObject node : objects.nodes()) {
            CiliumNodeObject ciliumNode = ciliumNodes.get(node.name());
            List<String> cidrs;
            if (fromCiliumNodes
                    || cilium.isEmpty()
                            && ciliumNode != null
                            && !ciliumNode.podCidrs().isEmpty()) {
                cidrs = ciliumNode == null ? List.of() : ciliumNode.podCidrs();
            } else if (cilium.filter(CiliumConfig::multiPool).isPresent()) {
                cidrs = List.of();
            } else {
                cidrs = node.podCidrs();
            }
            nodes.add(new NodeInfo(
                    node.name(),
                    node.labels().get(IpamDerivation.POOL_LABEL),
                    cidrs,
                    node.maxPods(),
                    node.labels(),
                    node.providerId()));
            int used = podsByNode.getOrDefault(node.name(), 0) + agentAddresses;
            boolean hasIpv4 = false;
            for (String cidr : cidrs) {
                if (cidr.contains(":")) {
                    continue;
                }
                try {
                    Ipv4Cidr block = Ipv4Cidr.parse(cidr);
                    hasIpv4 = true;
                    if (primary.addBlock(node.name(), block, used)) {
                        blocks.add(new NodeBlock(
                                node.name(),
                                Plane.PRIMARY,
                                IpamDerivation.PRIMARY_POOL,
                                block.toString(),
                                (int) blockSize.applyAsLong(block.size()),
                                used));
                    }
                } catch (IllegalArgumentException e) {
                    problems.add("Node " + node.name() + ": bad pod CIDR '" + cidr + "' skipped");
                }
            }
            if (!hasIpv4 && nodesExpectBlocks && cidrs.stream().noneMatch(cidr -> cidr.contains(":"))) {
                waiting.add(new WaitingNode(
                        node.name(), IpamDerivation.PRIMARY_POOL, waitingReason(ciliumNode, fromCiliumNodes)));
            }
        }
        if (cilium.filter(CiliumConfig::multiPool).isPresent()) {
            multiPools(objects, cilium.get(), problems);
        }
    }

    /** The primary plane's pools besides the cluster pool (Cilium multi-pool). */
    Set<String> poolNames() {
        Set<String> names = new HashSet<>();
        multiPools.forEach(pool -> names.add(pool.name()));
        return names;
    }

    /** Whether the CNI's per-node blocks are Node.spec.podCIDRs, which kube-controller-manager hands out. */
    boolean blocksFromNodeSpec() {
        return blocksFromNodeSpec;
    }

    private static String waitingReason(CiliumNodeObject ciliumNode, boolean fromCiliumNodes) {
        if (!fromCiliumNodes) {
            return "Node.spec.podCIDRs is empty: the node IPAM controller has not given it a block";
        }
        if (ciliumNode == null) {
            return "no CiliumNode yet: the Cilium agent has not registered the node";
        }
        return ciliumNode.operatorError() != null && !ciliumNode.operatorError().isBlank()
                ? "the Cilium operator could not give it a block: " + ciliumNode.operatorError()
                : "its CiliumNode has no block in spec.ipam.podCIDRs yet";
    }

    /** One pool per CiliumPodIPPool: blocks from its CIDRs, used as the CiliumNodes' spec.ipam.pools.allocated say, pods by their address. */
    private void multiPools(ClusterObjects objects, CiliumConfig cilium, List<String> problems) {
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
            if (allocated == null || !hasAddress(pod)) {
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
            multiPools.add(new PoolUsage(
                    pool.name(),
                    Plane.PRIMARY,
                    null,
                    "cilium-multi-pool",
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

    private static boolean hasAddress(PodObject pod) {
        return pod.ip() != null
                && !pod.ip().isEmpty()
                && !pod.hostNetwork()
                && !"Succeeded".equals(pod.phase())
                && !"Failed".equals(pod.phase());
    }

    private static Map<String, Integer> podsWithAddressByNode(List<PodObject> pods) {
        Map<String, Integer> counts = new HashMap<>();
        for (PodObject pod : pods) {
            if (pod.node() != null && hasAddress(pod)) {
                counts.merge(pod.node(), 1, Integer::sum);
            }
        }
        return counts;
    }

    List<NodeInfo> nodes() {
        return nodes;
    }

    List<NodeBlock> blocks() {
        return blocks;
    }

    List<WaitingNode> waiting() {
        return waiting;
    }

    /** The cluster pool (absent in multi-pool mode unless configured) and the multi-pool pools, failures counted by {@code failures}. */
    List<PoolUsage> pools(ToLongFunction<String> failures) {
        List<PoolUsage> pools = new ArrayList<>();
        primary.usage(failures.applyAsLong(IpamDerivation.PRIMARY_POOL)).ifPresent(pools::add);
        for (PoolUsage pool : multiPools) {
            pools.add(pool.withFailures(failures.applyAsLong(pool.name())));
        }
        return pools;
    }
}
