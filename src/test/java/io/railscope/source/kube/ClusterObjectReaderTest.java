package io.railscope.source.kube;

import static org.assertj.core.api.Assertions.assertThat;

import io.railscope.config.AuditSettings;
import io.railscope.config.IpamSettings;
import io.railscope.source.KubernetesSnapshot;
import io.railscope.source.PoolUsage;
import io.railscope.source.ipam.ClusterObjects;
import java.time.Clock;
import java.time.Duration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

/** A cell's API (the fabric8 mock server loaded with testdata/kube) read and derived as a real cell is. */
@Execution(ExecutionMode.CONCURRENT)
class ClusterObjectReaderTest {

    /** Ten minutes ahead: the API server stamps objects with their creation time, so a pod waiting since then is stuck. */
    private static final Clock CLOCK = Clock.offset(Clock.systemUTC(), Duration.ofMinutes(10));

    private static MockCell cell;
    private static KubernetesSnapshot snapshot;

    @BeforeAll
    static void read() throws Exception {
        cell = MockCell.loaded();
        snapshot = new KubernetesIpamSource(cell.client(), IpamSettings.defaults(), AuditSettings.defaults(), 8, CLOCK)
                .fetchKubernetes();
    }

    @AfterAll
    static void stop() {
        cell.close();
    }

    @Test
    void readsEveryKindOfObject() {
        ClusterObjects objects =
                new ClusterObjectReader(cell.client(), IpamSettings.defaults(), AuditSettings.defaults(), CLOCK).read();
        assertThat(objects.nodes()).hasSize(3);
        assertThat(objects.pods()).hasSize(8);
        assertThat(objects.ciliumNodes()).hasSize(3);
        assertThat(objects.clusterPool()).hasValueSatisfying(pool -> {
            assertThat(pool.cidrs()).containsExactly("10.64.0.0/12", "10.80.0.0/14");
            assertThat(pool.maskSize()).isEqualTo(26);
        });
        assertThat(objects.nvIpamPools()).hasSize(3);
        assertThat(objects.attachments()).hasSize(4);
        assertThat(objects.serviceCidrs()).hasSize(1);
        // only the events whose reason is an allocation failure
        assertThat(objects.events()).hasSize(3);
    }

    @Test
    void primaryPoolWithAnAppendedCidr() {
        PoolUsage primary = pool("cluster-pool");
        // 10.64.0.0/12 at /26 = 16,384 blocks, 10.80.0.0/14 appended = 4,096 more
        assertThat(primary.blocksTotal()).isEqualTo(20_480);
        assertThat(primary.blocksUsed()).isEqualTo(3);
        // trainer-0, trainer-1, dns on gpu-a-000; trainer-2, trainer-3 on gpu-a-001 (host network and finished pods
        // take none);
        // and on every node Cilium's router and health endpoint (health checking is on unless cilium-config turns it
        // off)
        assertThat(primary.allocated()).isEqualTo(5 + 3 * 2);
        assertThat(snapshot.nodeBlocks())
                .extracting(block -> block.node() + "=" + block.cidr() + ":" + block.used())
                .containsExactlyInAnyOrder(
                        "gpu-a-000=10.64.0.0/26:5", "gpu-a-001=10.64.0.64/26:4", "gpu-a-002=10.64.0.128/26:2");
        assertThat(snapshot.nodes()).extracting(node -> node.maxPods()).containsOnly(48);
        assertThat(snapshot.nodes())
                .extracting(node -> node.name() + "=" + node.providerId())
                .contains("gpu-a-000=aws:///us-west-2a/i-0ce6d3d57139f053c", "gpu-a-001=null");
    }

    @Test
    void backendPoolsPerRail() {
        // blocks of 16 from .1: 15 of them (.1-.240); the exclusions .250-.254 and the gateway .254 lie in none
        assertThat(pool("rail-1")).satisfies(rail -> {
            assertThat(rail.rail()).isEqualTo(1);
            assertThat(rail.capacity()).isEqualTo(240);
            assertThat(rail.blocksTotal()).isEqualTo(15);
            assertThat(rail.blocksUsed()).isEqualTo(3);
        });
        // a /20 in /24 per node: 16 prefixes; its NAD roce-rail3 maps it to rail 3
        assertThat(pool("rail-3-pool")).satisfies(rail -> {
            assertThat(rail.rail()).isEqualTo(3);
            assertThat(rail.blocksTotal()).isEqualTo(16);
            assertThat(rail.blocksUsed()).isEqualTo(3);
        });
        assertThat(pool("10.250.0.0-24")).satisfies(storage -> {
            assertThat(storage.allocated()).isEqualTo(2);
            assertThat(storage.leaked()).isEqualTo(1);
        });
        assertThat(snapshot.leaks())
                .singleElement()
                .satisfies(leak -> assertThat(leak.podref()).isEqualTo("team-a/trainer-old"));
    }

    @Test
    void gpuA002SitsAtAnotherOffsetOnRail2() {
        assertThat(snapshot.asymmetricNodes()).singleElement().satisfies(node -> {
            assertThat(node.node()).isEqualTo("gpu-a-002");
            assertThat(node.offsetByRail())
                    .containsEntry(1, 2L)
                    .containsEntry(2, 5L)
                    .containsEntry(3, 2L);
        });
    }

    @Test
    void allocationFailuresStuckPodsAndServices() {
        // sandbox failure x7 on the primary pool; NoFreeRanges x3 on rail-2; CIDRNotAvailable is
        // kube-controller-manager's
        // own range, which Cilium's cluster pool does not use
        assertThat(pool("cluster-pool").allocationFailures()).isEqualTo(7);
        assertThat(snapshot.failures())
                .noneSatisfy(failure -> assertThat(failure.reason()).isEqualTo("CIDRNotAvailable"));
        assertThat(pool("rail-2").allocationFailures()).isEqualTo(3);
        assertThat(snapshot.failures())
                .anySatisfy(failure -> {
                    assertThat(failure.reason()).isEqualTo("FailedCreatePodSandBox");
                    assertThat(failure.node()).isEqualTo("gpu-a-002");
                    assertThat(failure.object()).isEqualTo("team-a/trainer-4");
                })
                .anySatisfy(failure -> assertThat(failure.reason()).isEqualTo("CiliumOperatorError"));
        assertThat(snapshot.stuckPods()).extracting(pod -> pod.name()).containsExactly("trainer-4");
        assertThat(pool("kubernetes")).satisfies(services -> {
            assertThat(services.capacity()).isEqualTo(4094);
            assertThat(services.allocated()).isEqualTo(3);
        });
    }

    @Test
    void malformedPoolIsReportedByKindNamespaceAndName() {
        assertThat(snapshot.problems())
                .singleElement()
                .asString()
                .contains("whereabouts IPPool broken", "10.251.0.0/40");
    }

    private static PoolUsage pool(String name) {
        return snapshot.pools().stream()
                .filter(pool -> pool.name().equals(name))
                .findFirst()
                .orElseThrow();
    }
}
