package io.railscope.source.ipam;

import static org.assertj.core.api.Assertions.assertThat;

import io.railscope.assess.PoolHeadroom;
import io.railscope.assess.TestThresholds;
import io.railscope.config.IpamSettings;
import io.railscope.model.Health;
import io.railscope.model.IpFamily;
import io.railscope.model.Plane;
import io.railscope.model.PoolKind;
import io.railscope.source.FamilyUsage;
import io.railscope.source.IsolationObjects;
import io.railscope.source.KubernetesSnapshot;
import io.railscope.source.PoolUsage;
import io.railscope.source.ipam.ClusterObjects.AddressRange;
import io.railscope.source.ipam.ClusterObjects.ClusterPool;
import io.railscope.source.ipam.ClusterObjects.EventObject;
import io.railscope.source.ipam.ClusterObjects.NetworkAttachment;
import io.railscope.source.ipam.ClusterObjects.NodeAllocation;
import io.railscope.source.ipam.ClusterObjects.NodeObject;
import io.railscope.source.ipam.ClusterObjects.NvIpamPool;
import io.railscope.source.ipam.ClusterObjects.PodObject;
import io.railscope.source.ipam.ClusterObjects.ServiceCidr;
import io.railscope.source.ipam.ClusterObjects.WhereaboutsPool;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

/** Headroom math against cases computed by hand. */
@Execution(ExecutionMode.CONCURRENT)
class IpamDerivationTest {

    private static final Instant NOW = Instant.parse("2026-11-30T12:00:00Z");
    private final IpamDerivation derivation = new IpamDerivation(new RailMapping(8, List.of()), Duration.ofMinutes(5));

    @Test
    void slash12WithMask26Holds16384BlocksOf64() {
        KubernetesSnapshot snapshot =
                derive(objects().clusterPool("10.64.0.0/12", 26).node("n1", "10.64.0.0/26", 48));
        PoolUsage primary = pool(snapshot, "cluster-pool");
        assertThat(primary.blocksTotal()).isEqualTo(16_384);
        assertThat(primary.blocksUsed()).isEqualTo(1);
        // 64 addresses per block; without Cilium the blocks are host-local's, which keeps network, gateway and
        // broadcast
        assertThat(primary.capacity()).isEqualTo(16_384L * 61);
        assertThat(primary.blockPrefix()).isEqualTo(26);
    }

    @Test
    void appendedCidrAddsItsBlocks() {
        // 10.0.0.0/16 at /24 = 256 blocks; 10.1.0.0/18 appended = 64 more
        KubernetesSnapshot snapshot = derive(objects()
                .clusterPool(List.of("10.0.0.0/16", "10.1.0.0/18"), 24)
                .node("n1", "10.0.0.0/24", 110)
                .node("n2", "10.1.0.0/24", 110));
        PoolUsage primary = pool(snapshot, "cluster-pool");
        assertThat(primary.blocksTotal()).isEqualTo(320);
        assertThat(primary.blocksUsed()).isEqualTo(2);
        assertThat(primary.cidrs()).containsExactly("10.0.0.0/16", "10.1.0.0/18");
    }

    @Test
    void fullPoolHasNoFreeBlock() {
        // a /23 at /24 is two blocks, both taken
        KubernetesSnapshot snapshot = derive(objects()
                .clusterPool("10.0.0.0/23", 24)
                .node("n1", "10.0.0.0/24", 110)
                .node("n2", "10.0.1.0/24", 110));
        PoolUsage primary = pool(snapshot, "cluster-pool");
        assertThat(primary.blocksTotal() - primary.blocksUsed()).isZero();
    }

    @Test
    void podsWithAnAddressCountAgainstTheirNodesBlock() {
        KubernetesSnapshot snapshot = derive(objects()
                .clusterPool("10.0.0.0/16", 24)
                .node("n1", "10.0.0.0/24", 110)
                .pod("a", "n1", "10.0.0.5", false, "Running")
                .pod("b", "n1", "10.0.0.6", false, "Running")
                // host network pods, finished pods and pods without an address take none
                .pod("agent", "n1", "192.168.0.1", true, "Running")
                .pod("done", "n1", "10.0.0.7", false, "Succeeded")
                .pod("new", "n1", null, false, "Pending"));
        assertThat(snapshot.nodeBlocks()).singleElement().satisfies(block -> {
            assertThat(block.used()).isEqualTo(2);
            assertThat(block.capacity()).isEqualTo(253);
        });
        assertThat(pool(snapshot, "cluster-pool").allocated()).isEqualTo(2);
    }

    @Test
    void nvIpamExclusionsShrinkTheUsableRange() {
        // 10.201.0.0/24 in blocks of 16 from .1: 15 blocks (.1-.16 ... .225-.240); exclusions .10-.19 and .15-.29
        // overlap:
        // 20 addresses in blocks 0 and 1, neither wholly, so still 15 blocks with 240 - 20 = 220 addresses
        NvIpamPool pool = new NvIpamPool(
                "nv",
                "rail-1",
                false,
                "10.201.0.0/24",
                16,
                0,
                List.of(new AddressRange("10.201.0.10", "10.201.0.19"), new AddressRange("10.201.0.15", "10.201.0.29")),
                List.of(
                        new NodeAllocation("n1", "10.201.0.33", "10.201.0.48", null),
                        new NodeAllocation("n2", "10.201.0.32", "10.201.0.47", null)));
        KubernetesSnapshot snapshot =
                derive(objects().clusterPool("10.0.0.0/16", 24).nvIpam(pool));
        PoolUsage rail = pool(snapshot, "rail-1");
        assertThat(rail.capacity()).isEqualTo(220);
        assertThat(rail.blocksTotal()).isEqualTo(15);
        // n2's entry does not start a block: the controller ignores it
        assertThat(rail.blocksUsed()).isEqualTo(1);
        assertThat(rail.allocated()).isEqualTo(16);
        assertThat(snapshot.problems())
                .anySatisfy(problem -> assertThat(problem).contains("node n2", "invalid start IP offset"));
        assertThat(rail.rail()).isEqualTo(1);
        assertThat(rail.plane()).isEqualTo(Plane.BACKEND);
    }

    @Test
    void cidrPoolCountsPrefixes() {
        // 10.100.0.0/16 in /24 per node: 256 prefixes, one excluded whole and skipped; each gives its 254 hosts
        NvIpamPool pool = new NvIpamPool(
                "nv",
                "roce",
                true,
                "10.100.0.0/16",
                0,
                24,
                List.of(new AddressRange("10.100.255.0", "10.100.255.255")),
                List.of(new NodeAllocation("n1", null, null, "10.100.3.0/24")));
        KubernetesSnapshot snapshot = derive(objects()
                .clusterPool("10.0.0.0/16", 24)
                .nvIpam(pool)
                .attachment(new NetworkAttachment("default", "roce-rail-4", "nv-ipam", "roce", List.of())));
        PoolUsage rail = pool(snapshot, "roce");
        assertThat(rail.blocksTotal()).isEqualTo(255);
        assertThat(rail.blocksUsed()).isEqualTo(1);
        assertThat(rail.capacity()).isEqualTo(255L * 254);
        // the NAD's name maps the pool to rail 4
        assertThat(rail.rail()).isEqualTo(4);
    }

    @Test
    void whereaboutsAllocationWhosePodIsGoneIsALeak() {
        WhereaboutsPool pool = new WhereaboutsPool(
                "10.0.0.0-24", "10.0.0.0/24", Map.of(1L, "team-a/live", 2L, "team-a/gone", 300L, "team-a/outside"));
        KubernetesSnapshot snapshot = derive(objects()
                .clusterPool("10.0.0.0/16", 24)
                .pod("live", null, null, false, "Running")
                .whereabouts(pool));
        PoolUsage usage = pool(snapshot, "10.0.0.0-24");
        assertThat(usage.capacity()).isEqualTo(254);
        assertThat(usage.allocated()).isEqualTo(2);
        assertThat(usage.leaked()).isEqualTo(1);
        assertThat(snapshot.leaks()).singleElement().satisfies(leak -> {
            assertThat(leak.address()).isEqualTo("10.0.0.2");
            assertThat(leak.podref()).isEqualTo("team-a/gone");
        });
        // offset 300 is outside a /24: reported with the pool's kind and name, and skipped
        assertThat(snapshot.problems())
                .singleElement()
                .asString()
                .contains("whereabouts IPPool 10.0.0.0-24", "offset 300");
    }

    @Test
    void malformedObjectsAreReportedAndSkipped() {
        NvIpamPool bad = new NvIpamPool("nv", "rail-2", false, "10.202.0.0/33", 16, 0, List.of(), List.of());
        KubernetesSnapshot snapshot = derive(objects()
                .clusterPool("10.0.0.0/16", 24)
                .node("n1", "not-a-cidr", 48)
                .nvIpam(bad));
        assertThat(snapshot.problems())
                .hasSize(2)
                .anySatisfy(problem -> assertThat(problem).contains("Node n1", "not-a-cidr"))
                .anySatisfy(problem -> assertThat(problem).contains("nv-ipam IPPool nv/rail-2", "refuses its spec"));
        // as the controller does, a pool it refuses hands out nothing: no block is free
        assertThat(pool(snapshot, "rail-2").blocksTotal()).isZero();
        assertThat(pool(snapshot, "rail-2").capacity()).isZero();
    }

    @Test
    void nodeWithADifferentOffsetOnOneRailIsAsymmetric() {
        KubernetesSnapshot snapshot = derive(objects()
                .clusterPool("10.0.0.0/16", 24)
                .nvIpam(railPool(1, "n1", 0, "n2", 1))
                .nvIpam(railPool(2, "n1", 0, "n2", 5)));
        assertThat(snapshot.asymmetricNodes()).singleElement().satisfies(node -> {
            assertThat(node.node()).isEqualTo("n2");
            assertThat(node.offsetByRail()).isEqualTo(Map.of(1, 1L, 2, 5L));
        });
    }

    @Test
    void allocationFailuresAreCountedPerPoolWithTheirRepeats() {
        KubernetesSnapshot snapshot = derive(objects()
                .clusterPool("10.0.0.0/16", 24)
                .node("n1", "10.0.0.0/24", 110)
                .event(
                        "FailedCreatePodSandBox",
                        "plugin type=\"cilium-cni\" failed (add): range is full",
                        "Pod",
                        "p1",
                        "n1",
                        4)
                .event("FailedCreatePodSandBox", "failed to pull image", "Pod", "p2", "n1", 9)
                .event("CIDRNotAvailable", "Node n7 status is now: CIDRNotAvailable", "Node", "n7", null, 1)
                .event("NoFreeRanges", "no free ranges", "IPPool", "rail-3", null, 2)
                .nvIpam(railPool(3, "n1", 0, "n2", 1)));
        assertThat(pool(snapshot, "cluster-pool").allocationFailures()).isEqualTo(5);
        assertThat(pool(snapshot, "rail-3").allocationFailures()).isEqualTo(2);
        assertThat(snapshot.failures())
                .hasSize(3)
                .anySatisfy(failure -> assertThat(failure.node()).isEqualTo("n7"));
    }

    @Test
    void podWaitingInContainerCreatingPastTheLimitIsStuck() {
        ObjectsBuilder objects = objects().clusterPool("10.0.0.0/16", 24);
        objects.pods.add(
                new PodObject("ns", "old", "n1", null, false, "Pending", "ContainerCreating", NOW.minusSeconds(600)));
        objects.pods.add(
                new PodObject("ns", "young", "n1", null, false, "Pending", "ContainerCreating", NOW.minusSeconds(60)));
        assertThat(derive(objects).stuckPods()).extracting(pod -> pod.name()).containsExactly("old");
    }

    @Test
    void serviceCidrCountsClusterIpsInsideEachFamily() {
        ObjectsBuilder objects = objects().clusterPool("10.0.0.0/16", 24);
        objects.serviceCidrs.add(new ServiceCidr("kubernetes", List.of("10.96.0.0/16", "fd00:10:96::/112")));
        objects.clusterIps.addAll(List.of("10.96.0.1", "10.96.0.10", "None", "", "fd00:10:96::1", "10.97.0.1"));
        PoolUsage services = pool(derive(objects), "kubernetes");
        // one allocator per family: IPv4 2^16 - 2, IPv6 2^16 - 1
        assertThat(services.families())
                .containsExactly(new FamilyUsage(IpFamily.IPV4, 65_534, 2), new FamilyUsage(IpFamily.IPV6, 65_535, 1));
        assertThat(services.capacity()).isEqualTo(65_534 + 65_535);
        assertThat(services.allocated()).isEqualTo(3);
        assertThat(services.cidrs()).containsExactly("10.96.0.0/16", "fd00:10:96::/112");
    }

    @Test
    void aSmallIpv6ServiceRangeRunsOutBeforeALargeIpv4One() {
        ObjectsBuilder objects = objects().clusterPool("10.0.0.0/16", 24);
        objects.serviceCidrs.add(new ServiceCidr("kubernetes", List.of("10.96.0.0/18", "fd00:10:96::/116")));
        for (int i = 1; i <= 4_000; i++) {
            objects.clusterIps.add("fd00:10:96::" + Integer.toHexString(i));
        }
        PoolHeadroom headroom = PoolHeadroom.of(pool(derive(objects), "kubernetes"), TestThresholds.defaults());
        // 95 of 4,095 IPv6 addresses left (2.3 %) while the IPv4 /18 is empty
        assertThat(headroom.health()).isEqualTo(Health.WARNING);
        assertThat(headroom.free()).isEqualTo(95);
        assertThat(headroom.reason()).contains("(IPv6)");
    }

    @Test
    void unknownClusterPoolFallsBackToTheNodesBlocks() {
        KubernetesSnapshot snapshot = derive(objects().node("n1", "10.0.0.0/24", 110));
        PoolUsage primary = pool(snapshot, "cluster-pool");
        assertThat(primary.blocksTotal()).isZero();
        assertThat(primary.sizeKnown()).isFalse();
        assertThat(primary.blocksUsed()).isEqualTo(1);
        assertThat(primary.kind()).isEqualTo(PoolKind.NODE_POD_CIDRS);
        assertThat(PoolHeadroom.of(primary, TestThresholds.defaults()).health()).isEqualTo(Health.UNKNOWN);
        assertThat(snapshot.problems()).singleElement().asString().startsWith("cluster pool unknown");
    }

    @Test
    void railNetworksNumberedFromZeroStartAtRailOneAndSaySo() {
        // NVIDIA's launch kit names its pools nv-ipam-pool-rail-0 ... -rail-7, its Spectrum-X pools rail-0-plane-1
        ObjectsBuilder objects = objects()
                .clusterPool("10.0.0.0/16", 24)
                .nvIpam(new NvIpamPool(
                        "nv", "nv-ipam-pool-rail-0", false, "10.210.0.0/24", 16, 0, List.of(), List.of()))
                .nvIpam(new NvIpamPool(
                        "nv", "nv-ipam-pool-rail-7", false, "10.217.0.0/24", 16, 0, List.of(), List.of()))
                .nvIpam(new NvIpamPool("nv", "rail-3-plane-1", true, "10.230.0.0/16", 0, 24, List.of(), List.of()));
        KubernetesSnapshot counted = derive(objects);
        assertThat(pool(counted, "nv-ipam-pool-rail-0").rail()).isEqualTo(1);
        assertThat(pool(counted, "nv-ipam-pool-rail-7").rail()).isEqualTo(8);
        // the plane number is no rail
        assertThat(pool(counted, "rail-3-plane-1").rail()).isEqualTo(4);
        assertThat(counted.problems())
                .anySatisfy(problem -> assertThat(problem).contains("numbered from 0", "rails.first-index"));

        // rails.first-index: 1 says the names count from 1: rail-0 is no rail, and nothing was inferred
        IpamDerivation fromOne = new IpamDerivation(
                RailMapping.of(
                        8,
                        new IpamSettings(
                                List.of(),
                                Optional.empty(),
                                List.of(),
                                Duration.ofMinutes(5),
                                List.of(),
                                Optional.of(1))),
                Duration.ofMinutes(5));
        KubernetesSnapshot explicit = fromOne.derive(objects.build());
        assertThat(pool(explicit, "nv-ipam-pool-rail-0").rail()).isNull();
        assertThat(pool(explicit, "nv-ipam-pool-rail-7").rail()).isEqualTo(7);
        assertThat(explicit.problems())
                .noneSatisfy(problem -> assertThat(problem).contains("numbered from 0"));
    }

    @Test
    void exhaustionOnABackendNetworkIsNotThePrimaryPools() {
        // a rail NAD with host-local IPAM (no pool Railscope counts), its range exhausted
        KubernetesSnapshot snapshot = derive(objects()
                .clusterPool("10.0.0.0/16", 24)
                .attachment(new NetworkAttachment("default", "rail-2", "host-local", null, List.of()))
                .event(
                        "FailedCreatePodSandBox",
                        "plugin type=\"multus\" failed (add): [ml/p/uid:rail-2]: error adding container to network "
                                + "\"rail-2\": failed to allocate for range 0: no IP addresses available in range set: 10.2.0.1-10.2.0.254",
                        "Pod",
                        "p",
                        "n1",
                        3));
        assertThat(pool(snapshot, "cluster-pool").allocationFailures()).isZero();
        assertThat(snapshot.failures())
                .singleElement()
                .satisfies(failure -> assertThat(failure.pool()).isNull());
    }

    @Test
    void aNamespaceIsNoPoolAndAMalformedRangeIsNoPoolsFailure() {
        KubernetesSnapshot snapshot = derive(objects()
                .clusterPool("10.0.0.0/16", 24)
                .nvIpam(railPool(1, "n1", 0, "n2", 1))
                .event(
                        "FailedCreatePodSandBox",
                        "[default/train-0/uid:rail-1]: error adding container to network \"rail-1\": grpc call failed: "
                                + "rpc error: code = ResourceExhausted desc = no free addresses in the pool \"rail-1\", poolType \"ippool\"",
                        "Pod",
                        "train-0",
                        "n1",
                        2)
                .event(
                        "FailedCreatePodSandBox",
                        "Could not allocate IP in range: ip: 10.9.0.1 / - 10.9.0.254 / range: net.IPNet{IP:net.IP{0xaaaaaaaaaa,"
                                + " 0x0, 0x0, 0x0}, Mask:net.IPMask{0xff, 0xff, 0xff, 0x0}}",
                        "Pod",
                        "x",
                        "n1",
                        1));
        assertThat(pool(snapshot, "rail-1").allocationFailures()).isEqualTo(2);
        assertThat(pool(snapshot, "cluster-pool").allocationFailures()).isZero();
        // the range printed with bytes no IPv4 address has names no pool: counted, attributed to none
        assertThat(snapshot.failures())
                .filteredOn(failure -> failure.object().equals("team-a/x"))
                .singleElement()
                .satisfies(failure -> assertThat(failure.pool()).isNull());
    }

    @Test
    void ciliumWithoutPerNodeBlocksHasNoNodeWaitingForOne() {
        // ENI mode: addresses come from the cloud's interfaces, nodes have no pod CIDR, and an operator error is a
        // failure
        ObjectsBuilder objects = objects().cilium("eni").ciliumNode("n1", "ENI limit reached");
        objects.nodes.add(new NodeObject("n1", Map.of(), List.of(), 58));
        KubernetesSnapshot snapshot = derive(objects);
        assertThat(snapshot.waitingNodes()).isEmpty();
        assertThat(snapshot.failures())
                .singleElement()
                .satisfies(failure -> assertThat(failure.reason()).isEqualTo("CiliumOperatorError"));

        ObjectsBuilder clusterPool =
                objects().clusterPool("10.0.0.0/16", 24).cilium("cluster-pool").ciliumNode("n1", "allocator full");
        clusterPool.nodes.add(new NodeObject("n1", Map.of(), List.of("10.244.0.0/24"), 58));
        KubernetesSnapshot waiting = derive(clusterPool);
        // kube-controller-manager's Node.spec.podCIDRs is not Cilium's block: the node waits, and says why
        assertThat(waiting.waitingNodes())
                .singleElement()
                .satisfies(node -> assertThat(node.reason()).contains("allocator full"));
        assertThat(waiting.nodeBlocks()).isEmpty();
        assertThat(waiting.failures()).isEmpty();
    }

    @Test
    void manyExclusionsAreCountedInTheBlocksTheyTouch() {
        // a /8 in blocks of 4 from .0.0.1, 2,000 single excluded addresses each in its own block
        List<AddressRange> exclusions = new ArrayList<>();
        for (int i = 0; i < 2000; i++) {
            String address = "10." + (i / 250) + "." + (i % 250) + ".2";
            exclusions.add(new AddressRange(address, address));
        }
        PoolUsage wide = pool(
                derive(objects()
                        .clusterPool("10.0.0.0/16", 24)
                        .nvIpam(new NvIpamPool("nv", "wide", false, "10.0.0.0/8", 4, 0, exclusions, List.of()))),
                "wide");
        assertThat(wide.blocksTotal()).isEqualTo(((1L << 24) - 2) / 4);
        assertThat(wide.capacity()).isEqualTo(((1L << 24) - 2) / 4 * 4 - 2000);
    }

    private KubernetesSnapshot derive(ObjectsBuilder objects) {
        return derivation.derive(objects.build());
    }

    private static PoolUsage pool(KubernetesSnapshot snapshot, String name) {
        return snapshot.pools().stream()
                .filter(pool -> pool.name().equals(name))
                .findFirst()
                .orElseThrow();
    }

    private static NvIpamPool railPool(
            int rail, String firstNode, int firstOffset, String secondNode, int secondOffset) {
        String base = "10." + (200 + rail) + ".0.";
        return new NvIpamPool(
                "nv",
                "rail-" + rail,
                false,
                base + "0/24",
                16,
                0,
                List.of(),
                List.of(
                        new NodeAllocation(
                                firstNode, base + (firstOffset * 16 + 1), base + (firstOffset * 16 + 16), null),
                        new NodeAllocation(
                                secondNode, base + (secondOffset * 16 + 1), base + (secondOffset * 16 + 16), null)));
    }

    private static ObjectsBuilder objects() {
        return new ObjectsBuilder();
    }

    /** Cluster objects built up case by case. */
    static final class ObjectsBuilder {
        final List<NodeObject> nodes = new ArrayList<>();
        final List<PodObject> pods = new ArrayList<>();
        final List<NvIpamPool> nvIpam = new ArrayList<>();
        final List<WhereaboutsPool> whereabouts = new ArrayList<>();
        final List<NetworkAttachment> attachments = new ArrayList<>();
        final List<ServiceCidr> serviceCidrs = new ArrayList<>();
        final List<String> clusterIps = new ArrayList<>();
        final List<EventObject> events = new ArrayList<>();
        final List<ClusterObjects.CiliumNodeObject> ciliumNodes = new ArrayList<>();
        ClusterPool clusterPool;
        ClusterObjects.CiliumConfig cilium;

        ObjectsBuilder cilium(String ipamMode) {
            cilium = new ClusterObjects.CiliumConfig(ipamMode, true);
            return this;
        }

        ObjectsBuilder ciliumNode(String name, String operatorError) {
            ciliumNodes.add(new ClusterObjects.CiliumNodeObject(name, List.of(), operatorError));
            return this;
        }

        ObjectsBuilder clusterPool(String cidr, int mask) {
            return clusterPool(List.of(cidr), mask);
        }

        ObjectsBuilder clusterPool(List<String> cidrs, int mask) {
            clusterPool = new ClusterPool(cidrs, mask, PoolKind.CILIUM_CLUSTER_POOL);
            return this;
        }

        ObjectsBuilder node(String name, String cidr, int maxPods) {
            nodes.add(new NodeObject(name, Map.of(), List.of(cidr), maxPods));
            return this;
        }

        ObjectsBuilder pod(String name, String node, String ip, boolean hostNetwork, String phase) {
            pods.add(new PodObject("team-a", name, node, ip, hostNetwork, phase, null, NOW.minusSeconds(3600)));
            return this;
        }

        ObjectsBuilder nvIpam(NvIpamPool pool) {
            nvIpam.add(pool);
            return this;
        }

        ObjectsBuilder whereabouts(WhereaboutsPool pool) {
            whereabouts.add(pool);
            return this;
        }

        ObjectsBuilder attachment(NetworkAttachment attachment) {
            attachments.add(attachment);
            return this;
        }

        ObjectsBuilder event(String reason, String message, String kind, String name, String host, int count) {
            events.add(new EventObject("team-a", reason, message, kind, name, "team-a", host, count, NOW));
            return this;
        }

        ClusterObjects build() {
            return new ClusterObjects(
                    NOW,
                    nodes,
                    pods,
                    ciliumNodes,
                    Optional.ofNullable(clusterPool),
                    Optional.ofNullable(cilium),
                    List.of(),
                    false,
                    List.of(),
                    nvIpam,
                    whereabouts,
                    attachments,
                    serviceCidrs,
                    clusterIps,
                    events,
                    IsolationObjects.none(),
                    List.of());
        }
    }
}
