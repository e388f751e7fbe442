package io.railscope.source.sim;

import io.railscope.model.Fault;
import io.railscope.model.Ipv4Cidr;
import io.railscope.model.PoolKind;
import io.railscope.source.ipam.ClusterObjects;
import io.railscope.source.ipam.ClusterObjects.CiliumNodeObject;
import io.railscope.source.ipam.ClusterObjects.EventObject;
import io.railscope.source.ipam.ClusterObjects.NetworkAttachment;
import io.railscope.source.ipam.ClusterObjects.NodeAllocation;
import io.railscope.source.ipam.ClusterObjects.NodeObject;
import io.railscope.source.ipam.ClusterObjects.NvIpamPool;
import io.railscope.source.ipam.ClusterObjects.PodObject;
import io.railscope.source.ipam.ClusterObjects.ServiceCidr;
import io.railscope.source.ipam.ClusterObjects.WhereaboutsPool;
import io.railscope.source.ipam.IpamDerivation;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

/**
 * The Kubernetes objects of a simulated cell, as a Cilium cluster-pool cell with nv-ipam rails and a
 * whereabouts network would show them: Nodes and CiliumNodes, pods (with host-network agents that
 * take no address), one IPPool and NAD per rail, a whereabouts IPPool, the Service range and, with
 * faults, leaked allocations and sandbox failures.
 */
final class SimulatedInventory {

    /** Pods each node gains per hour, so pool usage grows and forecasts have a trend. */
    private static final double PODS_PER_NODE_PER_HOUR = 0.25;

    private static final String SERVICE_CIDR = "10.96.0.0/16";
    private static final Ipv4Cidr WHEREABOUTS_RANGE = Ipv4Cidr.parse("10.250.0.0/20");
    private static final int BACKEND_BLOCK_SIZE = 16;
    /** Nodes that start using the storage network per hour, so its pool has a trend to forecast. */
    private static final double STORAGE_USERS_PER_HOUR = 20;

    private static final List<String> HOST_NETWORK_AGENTS = List.of("cilium", "node-exporter", "nvidia-driver");

    private final SimulatedTopology topology;

    SimulatedInventory(SimulatedTopology topology) {
        this.topology = topology;
    }

    ClusterObjects objects(Instant now, double hoursRunning, Set<Fault> faults) {
        int n = topology.nodes;
        int growth = (int) (hoursRunning * PODS_PER_NODE_PER_HOUR);
        Instant started = now.minus(Duration.ofDays(2));
        List<NodeObject> nodes = new ArrayList<>(n);
        List<CiliumNodeObject> ciliumNodes = new ArrayList<>(n);
        List<PodObject> pods = new ArrayList<>(n * 40);
        for (int i = 0; i < n; i++) {
            String name = topology.nodeNames[i];
            Ipv4Cidr block = topology.nodeBlock(i);
            nodes.add(new NodeObject(
                    name,
                    Map.of(
                            IpamDerivation.POOL_LABEL,
                            topology.nodePools[i],
                            "kubernetes.io/hostname",
                            name,
                            "topology.kubernetes.io/zone",
                            "zone-" + (char) ('a' + i % 4),
                            "nvidia.com/gpu.product",
                            "NVIDIA-H100-80GB-HBM3"),
                    List.of(),
                    topology.maxPods));
            ciliumNodes.add(new CiliumNodeObject(name, List.of(block.toString()), null));
            int running =
                    Math.min(topology.basePods[i] + growth, Math.min(topology.maxPods, topology.addressesPerBlock()));
            for (int k = 0; k < running; k++) {
                pods.add(new PodObject(
                        "team-" + (char) ('a' + k % 3),
                        name + "-p" + k,
                        name,
                        Ipv4Cidr.format(block.network() + 2 + k),
                        false,
                        "Running",
                        null,
                        started));
            }
            for (String agent : HOST_NETWORK_AGENTS) {
                pods.add(new PodObject(
                        "kube-system",
                        agent + "-" + i,
                        name,
                        Ipv4Cidr.format(0x0a000000 + i),
                        true,
                        "Running",
                        null,
                        started));
            }
        }
        List<EventObject> events = new ArrayList<>();
        if (faults.contains(Fault.IP_ALLOCATION_FAILURES)) {
            String node = topology.nodeNames[topology.faultNode(8)];
            for (int k = 0; k < 2; k++) {
                String pod = "llm-eval-pending-" + k;
                pods.add(new PodObject(
                        "team-a",
                        pod,
                        node,
                        null,
                        false,
                        "Pending",
                        "ContainerCreating",
                        now.minus(Duration.ofMinutes(12))));
                events.add(new EventObject(
                        "team-a",
                        "FailedCreatePodSandBox",
                        "Failed to create pod sandbox: plugin type=\"cilium-cni\""
                                + " failed (add): unable to allocate IP via local cilium agent: range is full",
                        "Pod",
                        pod,
                        "team-a",
                        node,
                        6,
                        now.minus(Duration.ofMinutes(1))));
            }
        }
        List<NvIpamPool> railPools = new ArrayList<>();
        List<NetworkAttachment> attachments = new ArrayList<>();
        for (int rail = 1; rail <= topology.rails(); rail++) {
            Ipv4Cidr subnet = topology.backendPool(rail);
            List<NodeAllocation> allocations = new ArrayList<>(n);
            for (int i = 0; i < n; i++) {
                int start = subnet.network() + i * BACKEND_BLOCK_SIZE + 1;
                allocations.add(new NodeAllocation(
                        topology.nodeNames[i],
                        Ipv4Cidr.format(start),
                        Ipv4Cidr.format(start + BACKEND_BLOCK_SIZE - 1),
                        null));
            }
            railPools.add(new NvIpamPool(
                    "nvidia-network-operator",
                    "rail-" + rail,
                    false,
                    subnet.toString(),
                    BACKEND_BLOCK_SIZE,
                    0,
                    List.of(),
                    allocations));
            attachments.add(new NetworkAttachment("default", "rail-" + rail, "nv-ipam", "rail-" + rail, List.of()));
        }
        attachments.add(
                new NetworkAttachment("default", "storage-net", "whereabouts", null, WHEREABOUTS_RANGE.toString()));
        return new ClusterObjects(
                now,
                nodes,
                pods,
                ciliumNodes,
                Optional.of(new ClusterObjects.ClusterPool(
                        topology.primaryPool(faults.contains(Fault.POOL_NEAR_EXHAUSTION)).stream()
                                .map(Ipv4Cidr::toString)
                                .toList(),
                        topology.blockPrefix,
                        PoolKind.CILIUM_CLUSTER_POOL)),
                Optional.of(new ClusterObjects.CiliumConfig("cluster-pool", true)),
                List.of(),
                false,
                List.of(),
                railPools,
                List.of(whereabouts(hoursRunning, faults.contains(Fault.WHEREABOUTS_LEAK))),
                attachments,
                List.of(new ServiceCidr("kubernetes", List.of(SERVICE_CIDR))),
                clusterIps(n),
                events,
                SimulatedIsolation.objects(pods, topology, faults.contains(Fault.ISOLATION_GAPS)),
                List.of());
    }

    /** The storage network: an address for the first pod of more and more nodes as time goes, plus leaked ones when asked. */
    private WhereaboutsPool whereabouts(double hoursRunning, boolean leaking) {
        Map<Long, String> allocations = new TreeMap<>();
        int users = (int)
                Math.min(topology.nodes, Math.min(1000, topology.nodes / 2 + hoursRunning * STORAGE_USERS_PER_HOUR));
        for (int i = 0; i < users; i++) {
            allocations.put((long) i + 1, "team-a/" + topology.nodeNames[i] + "-p0");
        }
        if (leaking) {
            for (int k = 0; k < 3; k++) {
                allocations.put((long) users + 1 + k, "team-b/llm-eval-deleted-" + k);
            }
        }
        return new WhereaboutsPool(
                WHEREABOUTS_RANGE.toString().replace('/', '-'), WHEREABOUTS_RANGE.toString(), allocations);
    }

    private static List<String> clusterIps(int nodes) {
        int services = 40 + nodes / 8;
        List<String> ips = new ArrayList<>(services + 1);
        int base = Ipv4Cidr.parse(SERVICE_CIDR).network();
        for (int i = 1; i <= services; i++) {
            ips.add(Ipv4Cidr.format(base + i));
        }
        ips.add("None");
        return ips;
    }
}
