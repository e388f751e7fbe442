package io.railscope.source.sim;

import io.railscope.model.Fault;
import io.railscope.model.Ipv4Cidr;
import io.railscope.model.Plane;
import io.railscope.source.KubernetesSnapshot;
import io.railscope.source.NodeBlock;
import io.railscope.source.NodeInfo;
import io.railscope.source.PoolUsage;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** The Kubernetes view of a simulated cell: nodes, the primary pool, a pool per rail and the Service CIDR. */
final class SimulatedInventory {

    /** Pods each node gains per hour, so pool usage grows and forecasts have a trend. */
    private static final double PODS_PER_NODE_PER_HOUR = 0.25;
    private static final Ipv4Cidr SERVICE_CIDR = Ipv4Cidr.parse("10.96.0.0/16");

    private final SimulatedTopology topology;

    SimulatedInventory(SimulatedTopology topology) {
        this.topology = topology;
    }

    KubernetesSnapshot snapshot(double hoursRunning, Set<Fault> faults) {
        int n = topology.nodes;
        List<NodeInfo> nodes = new ArrayList<>(n);
        List<NodeBlock> blocks = new ArrayList<>(n);
        long podsTotal = 0;
        long gpuPods = 0;
        int growth = (int) (hoursRunning * PODS_PER_NODE_PER_HOUR);
        for (int i = 0; i < n; i++) {
            String name = topology.nodeNames[i];
            String cidr = topology.nodeBlock(i).toString();
            int pods = Math.min(topology.basePods[i] + growth, Math.min(topology.maxPods, topology.addressesPerBlock()));
            podsTotal += pods;
            gpuPods += 1 + (topology.basePods[i] % topology.rails());
            nodes.add(new NodeInfo(name, topology.nodePools[i], List.of(cidr), topology.maxPods, Map.of(
                    SimulatedTopology.POOL_LABEL, topology.nodePools[i],
                    "kubernetes.io/hostname", name,
                    "topology.kubernetes.io/zone", "zone-" + (char) ('a' + i % 4),
                    "nvidia.com/gpu.product", "NVIDIA-H100-80GB-HBM3")));
            blocks.add(new NodeBlock(name, Plane.PRIMARY, "cluster-pool", cidr, topology.addressesPerBlock(), pods));
        }
        List<PoolUsage> pools = new ArrayList<>();
        pools.add(primaryPool(faults.contains(Fault.POOL_NEAR_EXHAUSTION), podsTotal));
        for (int rail = 1; rail <= topology.rails(); rail++) {
            pools.add(backendPool(rail, gpuPods));
        }
        long services = 40 + n / 8;
        pools.add(new PoolUsage("kubernetes", Plane.SERVICE, null, "service-cidr", List.of(SERVICE_CIDR.toString()), null,
                SERVICE_CIDR.size() - 2, services, 0, 0));
        return new KubernetesSnapshot(nodes, pools, blocks);
    }

    private PoolUsage primaryPool(boolean nearExhaustion, long podsTotal) {
        List<Ipv4Cidr> cidrs = topology.primaryPool(nearExhaustion);
        long blocksTotal = cidrs.stream().mapToLong(c -> c.blocks(topology.blockPrefix)).sum();
        return new PoolUsage("cluster-pool", Plane.PRIMARY, null, "cilium-cluster-pool",
                cidrs.stream().map(Ipv4Cidr::toString).toList(), topology.blockPrefix,
                blocksTotal * topology.addressesPerBlock(), podsTotal, blocksTotal, topology.nodes);
    }

    private PoolUsage backendPool(int rail, long gpuPods) {
        Ipv4Cidr subnet = topology.backendPool(rail);
        int blockPrefix = topology.backendBlockPrefix();
        long blocksTotal = subnet.blocks(blockPrefix);
        return new PoolUsage("rail-" + rail, Plane.BACKEND, rail, "nv-ipam-ippool", List.of(subnet.toString()), blockPrefix,
                subnet.size() - 2, gpuPods, blocksTotal, topology.nodes);
    }
}
