package io.railscope.conformance;

import com.fasterxml.jackson.databind.JsonNode;
import io.railscope.assess.PoolHeadroom;
import io.railscope.assess.TestThresholds;
import io.railscope.config.AuditSettings;
import io.railscope.config.IpamSettings;
import io.railscope.source.AllocationFailure;
import io.railscope.source.KubernetesSnapshot;
import io.railscope.source.NodeBlock;
import io.railscope.source.PoolUsage;
import io.railscope.source.WaitingNode;
import io.railscope.source.kube.KubernetesIpamSource;
import io.railscope.source.kube.MockCell;
import java.math.BigInteger;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.assertj.core.api.SoftAssertions;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every IPAM case of the corpora (objects as nv-ipam, whereabouts, Cilium and Kubernetes write them)
 * loaded into a cell's API and read as a real cell is: each pool's blocks, addresses and health, each
 * node's block, nodes waiting for one, and allocation failures, as the upstream allocator counts them.
 */
@Execution(ExecutionMode.CONCURRENT)
class IpamConformanceTest {

    /** At most two mock servers, reused from case to case: a case has one to itself, emptied of the case before. */
    private static final MockCell.Pool CELLS = new MockCell.Pool(2);

    @AfterAll
    static void closeCells() {
        CELLS.close();
    }

    static List<ConformanceCase> nvIpam() {
        return ConformanceCase.of("nv-ipam");
    }

    static List<ConformanceCase> whereabouts() {
        return ConformanceCase.of("whereabouts");
    }

    static List<ConformanceCase> cilium() {
        return ConformanceCase.of("cilium");
    }

    static List<ConformanceCase> serviceCidr() {
        return ConformanceCase.of("service-cidr");
    }

    static List<ConformanceCase> ipamEvents() {
        return ConformanceCase.of("ipam-events");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("nvIpam")
    void nvIpamPools(ConformanceCase conformance) throws Exception {
        check(conformance);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("whereabouts")
    void whereaboutsPools(ConformanceCase conformance) throws Exception {
        check(conformance);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cilium")
    void ciliumPools(ConformanceCase conformance) throws Exception {
        check(conformance);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("serviceCidr")
    void serviceRanges(ConformanceCase conformance) throws Exception {
        check(conformance);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("ipamEvents")
    void allocationFailureEvents(ConformanceCase conformance) throws Exception {
        check(conformance);
    }

    private static void check(ConformanceCase conformance) throws Exception {
        KubernetesSnapshot snapshot;
        try (MockCell cell = CELLS.withFile(conformance.input())) {
            JsonNode settings = conformance.expectation().path("settings");
            snapshot = new KubernetesIpamSource(
                            cell.client(),
                            ipamSettings(settings),
                            AuditSettings.defaults(),
                            settings.path("rails").asInt(8),
                            Clock.offset(Clock.systemUTC(), Duration.ofMinutes(10)))
                    .fetchKubernetes();
        }
        JsonNode expect = conformance.expect();
        SoftAssertions soft = new SoftAssertions();
        expect.path("pools").fields().forEachRemaining(entry -> {
            Optional<PoolUsage> found = snapshot.pools().stream()
                    .filter(pool -> pool.name().equals(entry.getKey()))
                    .findFirst();
            soft.assertThat(found)
                    .as(
                            "pool %s among %s",
                            entry.getKey(),
                            snapshot.pools().stream().map(PoolUsage::name).toList())
                    .isPresent();
            found.ifPresent(pool -> pool(soft, pool, entry.getValue()));
        });
        expect.path("nodeBlocks").fields().forEachRemaining(entry -> {
            List<NodeBlock> blocks = snapshot.nodeBlocks().stream()
                    .filter(block -> block.node().equals(entry.getKey()))
                    .toList();
            soft.assertThat(blocks).as("block of node %s", entry.getKey()).hasSize(1);
            if (blocks.size() == 1) {
                NodeBlock block = blocks.get(0);
                JsonNode want = entry.getValue();
                soft.assertThat(block.cidr())
                        .as(entry.getKey() + " cidr")
                        .isEqualTo(want.path("cidr").asText(block.cidr()));
                if (want.has("capacity")) {
                    soft.assertThat(block.capacity())
                            .as(entry.getKey() + " capacity")
                            .isEqualTo(want.path("capacity").asInt());
                }
                if (want.has("used")) {
                    soft.assertThat(block.used())
                            .as(entry.getKey() + " used")
                            .isEqualTo(want.path("used").asInt());
                }
            }
        });
        if (expect.has("waitingNodes")) {
            List<String> waiting = new ArrayList<>();
            expect.get("waitingNodes").forEach(node -> waiting.add(node.asText()));
            soft.assertThat(snapshot.waitingNodes().stream()
                            .map(WaitingNode::node)
                            .distinct()
                            .toList())
                    .as("waiting nodes")
                    .containsExactlyInAnyOrderElementsOf(waiting);
        }
        if (expect.has("failures")) {
            // the corpus states failures per reason, pool and node, their events' counts summed
            Map<String, AllocationFailure> totals = new LinkedHashMap<>();
            for (AllocationFailure failure : snapshot.failures()) {
                totals.merge(
                        failure.reason() + "|" + failure.pool() + "|" + failure.node(),
                        failure,
                        (a, b) -> new AllocationFailure(
                                a.reason(),
                                a.object(),
                                a.node(),
                                a.pool(),
                                a.message(),
                                a.count() + b.count(),
                                a.lastSeen(),
                                a.kind()));
            }
            soft.assertThat(totals.values())
                    .as("allocation failures")
                    .hasSize(expect.get("failures").size());
            for (JsonNode want : expect.get("failures")) {
                soft.assertThat(totals.values())
                        .as("a failure like %s", want)
                        .anyMatch(failure -> matches(failure, want));
            }
        }
        for (JsonNode problem : expect.path("problems")) {
            soft.assertThat(snapshot.problems())
                    .as("a problem saying '%s'", problem.asText())
                    .anyMatch(seen -> seen.contains(problem.asText()));
        }
        soft.assertAll();
    }

    private static void pool(SoftAssertions soft, PoolUsage pool, JsonNode want) {
        String name = pool.name();
        if (want.has("plane")) {
            soft.assertThat(pool.plane().name())
                    .as(name + " plane")
                    .isEqualTo(want.get("plane").asText());
        }
        if (want.has("rail")) {
            soft.assertThat(pool.rail())
                    .as(name + " rail")
                    .isEqualTo(
                            want.get("rail").isNull() ? null : want.get("rail").asInt());
        }
        number(soft, name + " blocksTotal", pool.blocksTotal(), want.get("blocksTotal"));
        number(soft, name + " blocksUsed", pool.blocksUsed(), want.get("blocksUsed"));
        number(soft, name + " capacity", pool.capacity(), want.get("capacity"));
        number(soft, name + " allocated", pool.allocated(), want.get("allocated"));
        number(soft, name + " leaked", pool.leaked(), want.get("leaked"));
        number(soft, name + " allocationFailures", pool.allocationFailures(), want.get("allocationFailures"));
        if (want.has("health")) {
            PoolHeadroom headroom = PoolHeadroom.of(pool, TestThresholds.defaults());
            soft.assertThat(headroom.health().name())
                    .as(name + " health (" + headroom.reason() + ")")
                    .isEqualTo(want.get("health").asText());
        }
    }

    private static void number(SoftAssertions soft, String what, long actual, JsonNode want) {
        if (want != null && !want.isNull()) {
            // counts beyond 2^63 (IPv6 pools) are shown as 2^63 - 1
            BigInteger expected = want.bigIntegerValue().min(BigInteger.valueOf(Long.MAX_VALUE));
            soft.assertThat(actual).as(what).isEqualTo(expected.longValue());
        }
    }

    private static boolean matches(AllocationFailure failure, JsonNode want) {
        return (!want.has("reason") || want.get("reason").asText().equals(failure.reason()))
                && (!want.has("pool")
                        || (want.get("pool").isNull()
                                ? failure.pool() == null
                                : want.get("pool").asText().equals(failure.pool())))
                && (!want.has("node") || want.get("node").asText().equals(failure.node()))
                && (!want.has("count") || want.get("count").asInt() == failure.count())
                && (!want.has("kind")
                        || want.get("kind").asText().equals(failure.kind().name()));
    }

    private static IpamSettings ipamSettings(JsonNode settings) {
        return new IpamSettings(
                strings(settings.path("clusterPoolCidrs")),
                settings.has("clusterPoolMask")
                        ? Optional.of(settings.get("clusterPoolMask").asInt())
                        : Optional.empty(),
                strings(settings.path("serviceCidrs")),
                IpamSettings.DEFAULT_STUCK_AFTER,
                strings(settings.path("railPools")),
                settings.has("railsFirstIndex")
                        ? Optional.of(settings.get("railsFirstIndex").asInt())
                        : Optional.empty());
    }

    private static List<String> strings(JsonNode node) {
        List<String> values = new ArrayList<>();
        node.forEach(value -> values.add(value.asText()));
        return values;
    }
}
