package io.railscope.conformance;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.railscope.assess.PoolHeadroom;
import io.railscope.assess.TestThresholds;
import io.railscope.config.AuditSettings;
import io.railscope.config.IpamSettings;
import io.railscope.model.Health;
import io.railscope.source.KubernetesSnapshot;
import io.railscope.source.PoolUsage;
import io.railscope.source.kube.KubernetesIpamSource;
import io.railscope.source.kube.MockCell;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every IPAM case of the corpora read again with what says how large its pools are taken away: no pool may be
 * CRITICAL unless its size is known and nothing of it is free, and a pool never shows more used than it holds.
 */
@Execution(ExecutionMode.CONCURRENT)
class PoolInputRemovedTest {

    /** At most two mock servers, reused from case to case: a case has one to itself, emptied of the case before. */
    private static final MockCell.Pool CELLS = new MockCell.Pool(2);

    @AfterAll
    static void closeCells() {
        CELLS.close();
    }

    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());

    /** Objects that say how large the primary pool is: the cluster pool's settings and the CNI's pool objects. */
    private static final Set<String> PRIMARY_POOL_KINDS = Set.of(
            "crd.projectcalico.org/v1 IPPool",
            "crd.projectcalico.org/v1 IPAMBlock",
            "cilium.io/v2alpha1 CiliumPodIPPool",
            "cilium.io/v2 CiliumPodIPPool");

    /** Objects that are pools themselves: without them a pool is not there at all. */
    private static final Set<String> POOL_KINDS = Set.of(
            "nv-ipam.nvidia.com/v1alpha1 IPPool",
            "nv-ipam.nvidia.com/v1alpha1 CIDRPool",
            "whereabouts.cni.cncf.io/v1alpha1 IPPool",
            "networking.k8s.io/v1 ServiceCIDR",
            "networking.k8s.io/v1beta1 ServiceCIDR",
            "networking.k8s.io/v1alpha1 ServiceCIDR");

    static List<ConformanceCase> cases() {
        return Stream.of("nv-ipam", "whereabouts", "cilium", "service-cidr", "ipam-events")
                .flatMap(family -> ConformanceCase.of(family).stream())
                .toList();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void withoutItsClusterPoolNoPoolIsCriticalWithoutEvidence(ConformanceCase conformance, @TempDir Path dir)
            throws Exception {
        KubernetesSnapshot snapshot = read(without(conformance, PRIMARY_POOL_KINDS, dir));
        for (PoolUsage pool : snapshot.pools()) {
            PoolHeadroom headroom = PoolHeadroom.of(pool, TestThresholds.defaults());
            if (headroom.health() == Health.CRITICAL) {
                assertThat(pool.sizeKnown() && pool.free() == 0)
                        .as(
                                "%s is CRITICAL (%s) only when its known size has nothing free",
                                pool.name(), headroom.reason())
                        .isTrue();
            }
            if (pool.sizeKnown() && pool.blocksTotal() > 0) {
                assertThat(pool.blocksUsed()).as("%s used blocks", pool.name()).isLessThanOrEqualTo(pool.blocksTotal());
            }
        }
        Optional<PoolUsage> cluster = snapshot.pools().stream()
                .filter(pool -> pool.name().equals("cluster-pool"))
                .findFirst();
        cluster.ifPresent(pool -> {
            assertThat(pool.sizeKnown())
                    .as("the cluster pool's size, its inputs removed")
                    .isFalse();
            assertThat(PoolHeadroom.of(pool, TestThresholds.defaults()).reason())
                    .as("what Railscope would need to see")
                    .contains("cluster-pool-cidrs");
        });
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void withoutAnyPoolInputNoPoolIsCritical(ConformanceCase conformance, @TempDir Path dir) throws Exception {
        Set<String> removed = new HashSet<>(PRIMARY_POOL_KINDS);
        removed.addAll(POOL_KINDS);
        KubernetesSnapshot snapshot = read(without(conformance, removed, dir));
        assertThat(snapshot.pools())
                .as("pools of %s with no pool input", conformance)
                .allSatisfy(pool -> assertThat(
                                PoolHeadroom.of(pool, TestThresholds.defaults()).health())
                        .as(pool.name())
                        .isNotEqualTo(Health.CRITICAL));
    }

    /** The case's objects less those of {@code kinds}, and less the cluster pool's settings in the ConfigMaps. */
    private static Path without(ConformanceCase conformance, Set<String> kinds, Path dir) throws Exception {
        StringBuilder kept = new StringBuilder();
        for (JsonNode object : ConformanceCase.documents(conformance.input())) {
            String kind = object.path("apiVersion").asText() + " "
                    + object.path("kind").asText();
            String name = object.path("metadata").path("name").asText();
            if (kinds.contains(kind) || kind.equals("v1 ConfigMap") && name.equals("kubeadm-config")) {
                continue;
            }
            if (kind.equals("v1 ConfigMap")
                    && name.equals("cilium-config")
                    && object.path("data").isObject()) {
                ((ObjectNode) object.get("data"))
                        .remove(List.of("cluster-pool-ipv4-cidr", "cluster-pool-ipv4-mask-size"));
            }
            kept.append("---\n").append(YAML.writeValueAsString(object));
        }
        Path file = dir.resolve("objects.yaml");
        Files.writeString(file, kept);
        return file;
    }

    private static KubernetesSnapshot read(Path objects) throws Exception {
        try (MockCell cell = CELLS.withFile(objects)) {
            return new KubernetesIpamSource(
                            cell.client(),
                            new IpamSettings(
                                    List.of(),
                                    Optional.empty(),
                                    List.of(),
                                    IpamSettings.DEFAULT_STUCK_AFTER,
                                    List.of(),
                                    Optional.empty()),
                            AuditSettings.defaults(),
                            8,
                            Clock.offset(Clock.systemUTC(), Duration.ofMinutes(10)))
                    .fetchKubernetes();
        }
    }
}
