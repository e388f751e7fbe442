package io.railscope.source.ipam;

import io.railscope.model.Ipv4Cidr;
import io.railscope.model.Plane;
import io.railscope.model.PoolKind;
import io.railscope.source.NodeBlock;
import io.railscope.source.NodeInfo;
import io.railscope.source.PoolUsage;
import io.railscope.source.WaitingNode;
import io.railscope.source.ipam.ClusterObjects.CiliumConfig;
import io.railscope.source.ipam.ClusterObjects.CiliumNodeObject;
import io.railscope.source.ipam.ClusterObjects.NodeObject;
import io.railscope.source.ipam.ClusterObjects.PodObject;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.LongUnaryOperator;

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
        boolean configuredPool = objects.clusterPool()
                .filter(pool -> pool.kind() == PoolKind.CONFIGURED)
                .isPresent();
        // Calico IPAM claims whole blocks from its IPPools and hands out every address of them; they are not
        // Node.spec.podCIDRs (libcalico-go lib/ipam/ipam_block.go, newBlock: no address reserved)
        boolean calicoBlocks = cilium.isEmpty() && !configuredPool && objects.calicoIpam();
        blockSize = size -> cilium.map(config -> config.usable(size))
                .orElse(calicoBlocks ? size : Math.max(0, size - HOST_LOCAL_RESERVED));
        primary = new PrimaryPool(
                objects.clusterPool().orElse(null),
                cilium.filter(CiliumConfig::multiPool).isPresent(),
                blockSize,
                UnknownPool.reason(objects),
                problems);
        boolean fromCiliumNodes =
                cilium.map(CiliumConfig::blocksFromCiliumNodes).orElse(false);
        boolean configured = configuredPool;
        // a configured pool says the CNI's blocks are Node.spec.podCIDRs (host-local, flannel, Calico with usePodCidr)
        blocksFromNodeSpec = cilium.map(config -> "kubernetes".equals(config.ipamMode()))
                .orElse(configured || !objects.calicoIpam());
        boolean nodesExpectBlocks = cilium.map(CiliumConfig::perNodeBlocks)
                .orElse(configured
                        || objects.clusterPool()
                                .filter(pool -> pool.kind() == PoolKind.KUBEADM_POD_SUBNET)
                                .isPresent());
        Map<String, List<String>> calicoByNode = new HashMap<>();
        if (calicoBlocks) {
            calicoBlocks(objects.calicoBlocks(), calicoByNode, problems);
        }
        for (NodeObject node : objects.nodes()) {
            CiliumNodeObject ciliumNode = ciliumNodes.get(node.name());
            List<String> cidrs;
            if (calicoBlocks) {
                nodes.add(nodeInfo(node, calicoByNode.getOrDefault(node.name(), List.of())));
                continue;
            }
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
            nodes.add(nodeInfo(node, cidrs));
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
            CiliumMultiPools pools = new CiliumMultiPools(objects, cilium.get(), problems);
            multiPools.addAll(pools.pools());
            waiting.addAll(pools.waiting());
        }
    }

    private static NodeInfo nodeInfo(NodeObject node, List<String> cidrs) {
        return new NodeInfo(
                node.name(),
                node.labels().get(IpamDerivation.POOL_LABEL),
                cidrs,
                node.maxPods(),
                node.labels(),
                node.providerId());
    }

    /**
     * Calico's IPAMBlocks as the pool's blocks in use, each with its allocations; one affine to no node (released,
     * or claimed by a host that is gone) still holds its place in the pool.
     */
    private void calicoBlocks(
            List<ClusterObjects.CalicoBlock> calico, Map<String, List<String>> byNode, List<String> problems) {
        for (ClusterObjects.CalicoBlock calicoBlock : calico) {
            try {
                Ipv4Cidr block = Ipv4Cidr.parse(calicoBlock.cidr());
                String node = calicoBlock.node() == null ? "(no node)" : calicoBlock.node();
                if (primary.addBlock(node, block, calicoBlock.allocated()) && calicoBlock.node() != null) {
                    byNode.computeIfAbsent(node, key -> new ArrayList<>()).add(block.toString());
                    blocks.add(new NodeBlock(
                            node,
                            Plane.PRIMARY,
                            IpamDerivation.PRIMARY_POOL,
                            block.toString(),
                            (int) block.size(),
                            calicoBlock.allocated()));
                }
            } catch (IllegalArgumentException e) {
                if (!calicoBlock.cidr().contains(":")) {
                    problems.add("Calico IPAMBlock " + calicoBlock.cidr() + ": bad CIDR skipped");
                }
            }
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

    /** Whether the pod holds an address of the pod network: it has one, not the host's, and has not finished. */
    static boolean hasAddress(PodObject pod) {
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

    /** The cluster pool (absent in multi-pool mode unless configured) and the multi-pool pools, no failure counted. */
    List<PoolUsage> pools() {
        List<PoolUsage> pools = new ArrayList<>();
        primary.usage(0).ifPresent(pools::add);
        pools.addAll(multiPools);
        return pools;
    }
}
