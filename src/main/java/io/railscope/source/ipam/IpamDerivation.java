package io.railscope.source.ipam;

import io.railscope.model.Ipv4Cidr;
import io.railscope.model.Plane;
import io.railscope.source.AllocationFailure;
import io.railscope.source.IpLeak;
import io.railscope.source.KubernetesSnapshot;
import io.railscope.source.NodeBlock;
import io.railscope.source.NodeInfo;
import io.railscope.source.PoolUsage;
import io.railscope.source.RailAsymmetry;
import io.railscope.source.StuckPod;
import io.railscope.source.ipam.ClusterObjects.CiliumNodeObject;
import io.railscope.source.ipam.ClusterObjects.NodeObject;
import io.railscope.source.ipam.ClusterObjects.PodObject;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Derives a cell's IPAM from its cluster objects: the primary pool and each node's block with the
 * pods using it, backend pools per rail (nv-ipam, whereabouts), Service ranges, leaks, allocation
 * failures, pods stuck in ContainerCreating, and nodes whose block offset differs between rails.
 * A malformed object is reported in {@code problems} with its kind, namespace and name, and skipped.
 */
public final class IpamDerivation {

    /** The node label that names a node's pool. */
    public static final String POOL_LABEL = "node.kubernetes.io/gpu-pool";
    /** Addresses of each per-node pod block the CNI keeps for itself (Cilium reserves two). */
    static final int RESERVED_PER_BLOCK = 2;
    static final String PRIMARY_POOL = "cluster-pool";

    private final RailMapping rails;
    private final Duration stuckAfter;

    public IpamDerivation(RailMapping rails, Duration stuckAfter) {
        this.rails = rails;
        this.stuckAfter = stuckAfter;
    }

    public KubernetesSnapshot derive(ClusterObjects objects) {
        List<String> problems = new ArrayList<>(objects.problems());
        Map<String, Integer> podsByNode = podsWithAddressByNode(objects.pods());
        Map<String, List<String>> ciliumCidrs = new HashMap<>();
        List<AllocationFailure> failures = new ArrayList<>();
        for (CiliumNodeObject ciliumNode : objects.ciliumNodes()) {
            ciliumCidrs.put(ciliumNode.name(), ciliumNode.podCidrs());
            if (ciliumNode.operatorError() != null && !ciliumNode.operatorError().isBlank()) {
                failures.add(new AllocationFailure("CiliumOperatorError", ciliumNode.name(), ciliumNode.name(), PRIMARY_POOL,
                        ciliumNode.operatorError(), 1, objects.at()));
            }
        }

        List<NodeInfo> nodes = new ArrayList<>(objects.nodes().size());
        List<NodeBlock> blocks = new ArrayList<>(objects.nodes().size());
        PrimaryPool primary = new PrimaryPool(objects.clusterPool().orElse(null), problems);
        for (NodeObject node : objects.nodes()) {
            List<String> cidrs = ciliumCidrs.getOrDefault(node.name(), List.of());
            if (cidrs.isEmpty()) {
                cidrs = node.podCidrs();
            }
            nodes.add(new NodeInfo(node.name(), node.labels().get(POOL_LABEL), cidrs, node.maxPods(), node.labels()));
            int used = podsByNode.getOrDefault(node.name(), 0);
            for (String cidr : cidrs) {
                if (cidr.contains(":")) {
                    continue;
                }
                try {
                    Ipv4Cidr block = Ipv4Cidr.parse(cidr);
                    int capacity = (int) Math.max(0, block.size() - RESERVED_PER_BLOCK);
                    primary.addBlock(block, used);
                    blocks.add(new NodeBlock(node.name(), Plane.PRIMARY, PRIMARY_POOL, block.toString(), capacity, used));
                } catch (IllegalArgumentException e) {
                    problems.add("Node " + node.name() + ": bad pod CIDR '" + cidr + "' skipped");
                }
            }
        }

        BackendPools backend = new BackendPools(rails, objects, problems);
        AllocationFailures attributed = new AllocationFailures(objects, backend.poolNames());
        failures.addAll(attributed.failures());

        List<PoolUsage> pools = new ArrayList<>();
        pools.add(primary.usage(attributed.countFor(PRIMARY_POOL)));
        for (PoolUsage pool : backend.pools()) {
            pools.add(withFailures(pool, attributed.countFor(pool.name())));
        }
        pools.addAll(new ServicePools(objects, problems).pools());
        return new KubernetesSnapshot(nodes, pools, blocks, backend.leaks(), failures, stuckPods(objects),
                backend.asymmetricNodes(), objects.isolation(), problems);
    }

    private static Map<String, Integer> podsWithAddressByNode(List<PodObject> pods) {
        Map<String, Integer> counts = new HashMap<>();
        for (PodObject pod : pods) {
            if (pod.node() != null && pod.ip() != null && !pod.ip().isEmpty() && !pod.hostNetwork()
                    && !"Succeeded".equals(pod.phase()) && !"Failed".equals(pod.phase())) {
                counts.merge(pod.node(), 1, Integer::sum);
            }
        }
        return counts;
    }

    private List<StuckPod> stuckPods(ClusterObjects objects) {
        List<StuckPod> stuck = new ArrayList<>();
        var cutoff = objects.at().minus(stuckAfter);
        for (PodObject pod : objects.pods()) {
            if ("ContainerCreating".equals(pod.waitingReason()) && pod.created() != null && pod.created().isBefore(cutoff)) {
                stuck.add(new StuckPod(pod.namespace(), pod.name(), pod.node(), pod.created()));
            }
        }
        return stuck;
    }

    private static PoolUsage withFailures(PoolUsage pool, long failures) {
        return new PoolUsage(pool.name(), pool.plane(), pool.rail(), pool.kind(), pool.cidrs(), pool.blockPrefix(), pool.capacity(),
                pool.allocated(), pool.blocksTotal(), pool.blocksUsed(), pool.leaked(), failures);
    }

    /** The primary pod pool: the configured or Cilium cluster pool, or only the nodes' blocks when it is unknown. */
    private static final class PrimaryPool {
        private final ClusterObjects.ClusterPool pool;
        private final List<Ipv4Cidr> cidrs = new ArrayList<>();
        private final Set<String> seenBlocks = new HashSet<>();
        private long blocksUsed;
        private long addressesUsed;
        private long blockCapacity;

        PrimaryPool(ClusterObjects.ClusterPool pool, List<String> problems) {
            this.pool = pool;
            if (pool != null) {
                for (String cidr : pool.cidrs()) {
                    try {
                        cidrs.add(Ipv4Cidr.parse(cidr));
                    } catch (IllegalArgumentException e) {
                        problems.add(pool.kind() + ": bad cluster pool CIDR '" + cidr + "' skipped");
                    }
                }
            } else {
                problems.add("cluster pool unknown: neither a cilium-config ConfigMap nor railscope.cells.<cell>.ipam."
                        + "cluster-pool-cidrs; headroom counts the nodes' blocks only");
            }
        }

        void addBlock(Ipv4Cidr block, int used) {
            addressesUsed += used;
            blockCapacity += Math.max(0, block.size() - RESERVED_PER_BLOCK);
            if (seenBlocks.add(block.toString())) {
                blocksUsed++;
            }
        }

        PoolUsage usage(long failures) {
            if (pool == null) {
                return new PoolUsage(PRIMARY_POOL, Plane.PRIMARY, null, "node-pod-cidrs", List.of(), null, blockCapacity,
                        addressesUsed, 0, blocksUsed, 0, failures);
            }
            int mask = pool.maskSize();
            long blocksTotal = cidrs.stream().mapToLong(cidr -> cidr.blocks(mask)).sum();
            long capacity = blocksTotal * Math.max(0, (1L << (32 - mask)) - RESERVED_PER_BLOCK);
            return new PoolUsage(PRIMARY_POOL, Plane.PRIMARY, null, pool.kind(), cidrs.stream().map(Ipv4Cidr::toString).toList(),
                    mask, capacity, addressesUsed, blocksTotal, blocksUsed, 0, failures);
        }
    }
}
