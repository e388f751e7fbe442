package io.railscope.alert;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import io.railscope.assess.AttributeSpread;
import io.railscope.assess.JobVerdict;
import io.railscope.assess.PeerBlame;
import io.railscope.assess.RailAttribute;
import io.railscope.assess.RailsDisagreement;
import io.railscope.assess.TestThresholds;
import io.railscope.audit.IsolationFinding;
import io.railscope.fabric.BlameKind;
import io.railscope.fabric.FabricBlame;
import io.railscope.fabric.Miswiring;
import io.railscope.fabric.PortSymptom;
import io.railscope.model.Health;
import io.railscope.model.IpFamily;
import io.railscope.model.IsolationCheck;
import io.railscope.model.Plane;
import io.railscope.model.PortHealth;
import io.railscope.model.SourceKind;
import io.railscope.source.nccl.RasStatus;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Each rule on a cell state that triggers it (one row per rule), and its labels and page; a healthy cell has no alert. */
@Execution(ExecutionMode.CONCURRENT)
class AlertRulesTest {

    private static final Instant NOW = Instant.parse("2026-11-30T10:00:00Z");
    private static final int EXPECTED_GBPS = 400;
    private final AlertRules rules = new AlertRules(TestThresholds.defaults(), "https://railscope.example/");

    static Stream<Row> rules() {
        List<Row> rows = new ArrayList<>(List.of(
                row(
                                "IpPoolLowHeadroom",
                                "critical",
                                healthy().pool("cluster-pool", Plane.PRIMARY, null, Health.CRITICAL, 0, 0))
                        .labels("pool", "cluster-pool", "plane", "primary")
                        .page("/pools/primary/cluster-pool"),
                row(
                                "IpPoolLowHeadroom",
                                "warning",
                                healthy().pool("cluster-pool", Plane.PRIMARY, null, Health.WARNING, 0, 0))
                        .labels("pool", "cluster-pool", "plane", "primary")
                        .page("/pools/primary/cluster-pool"),
                row(
                                "BackendRailPoolNearFull",
                                "warning",
                                healthy().pool("rail-3", Plane.BACKEND, 3, Health.WARNING, 0, 0))
                        .labels("pool", "rail-3", "rail", "3")
                        .page("/pools/backend/rail-3"),
                row(
                                "IpamLeakedAddresses",
                                "warning",
                                healthy().pool("cluster-pool", Plane.PRIMARY, null, Health.OK, 3, 0))
                        .labels("pool", "cluster-pool")
                        .page("/pools/primary/cluster-pool"),
                row("IpAllocationFailures", "warning", healthy().pool("rail-3", Plane.BACKEND, 3, Health.OK, 0, 2))
                        .labels("pool", "rail-3")
                        .page("/pools/backend/rail-3"),
                // failure events no pool owns are the cell's
                row("IpAllocationFailures", "warning", healthy().allocationFailureEvents(4))
                        .page(""),
                row("NodeBlockNearFull", "critical", healthy().block("gpu-1", "cluster-pool", "10.0.1.0/24", 254, 254))
                        .labels("node", "gpu-1", "pool", "cluster-pool")
                        .page("/nodes/gpu-1"),
                row("NodeBlockNearFull", "warning", healthy().block("gpu-1", "cluster-pool", "10.0.1.0/24", 240, 254))
                        .labels("node", "gpu-1", "pool", "cluster-pool")
                        .page("/nodes/gpu-1"),
                row(
                                "NeighborTableOverGcThresh2",
                                "warning",
                                healthy().neighbor("gpu-2", 600, Health.WARNING, "over gc_thresh2"))
                        .labels("node", "gpu-2")
                        .page("/nodes/gpu-2")
                        .annotation("description", "over gc_thresh2"),
                row("NeighborTableNearGcThresh3", "critical", healthy().neighbor("gpu-3", 1000, Health.CRITICAL, null))
                        .labels("node", "gpu-3")
                        .page("/nodes/gpu-3")
                        .annotation("description", "gc_thresh2 512, gc_thresh3 1024"),
                row(
                                "RailPortDown",
                                "critical",
                                healthy()
                                        .port(Port.of("gpu-4", 1, "mlx5_0", PortHealth.DOWN, "state DOWN")
                                                .rate(0)))
                        .labels("node", "gpu-4", "rail", "1", "device", "mlx5_0")
                        .page("/nodes/gpu-4")
                        .annotation("description", "state DOWN"),
                row(
                                "RailPortRateBelowExpected",
                                "warning",
                                healthy()
                                        .port(Port.of("gpu-5", 2, "mlx5_1", PortHealth.DEGRADED, "half rate")
                                                .rate(200)))
                        .labels("node", "gpu-5", "rail", "2", "device", "mlx5_1")
                        .page("/nodes/gpu-5"),
                row(
                                "RailPortFlapping",
                                "warning",
                                healthy()
                                        .port(Port.of("gpu-5", 2, "mlx5_1", PortHealth.DEGRADED, "flapping")
                                                .linkDowned(2)))
                        .labels("node", "gpu-5", "rail", "2", "device", "mlx5_1")
                        .page("/nodes/gpu-5"),
                row(
                                "RailPortErrors",
                                "warning",
                                healthy()
                                        .port(Port.of("gpu-5", 2, "mlx5_1", PortHealth.DEGRADED, "symbol errors")
                                                .symbolErrorsPerHour(500.0)))
                        .labels("node", "gpu-5", "rail", "2", "device", "mlx5_1")
                        .page("/nodes/gpu-5"),
                row(
                                "RailPortErrors",
                                "warning",
                                healthy()
                                        .port(Port.of("gpu-5", 2, "mlx5_1", PortHealth.DEGRADED, "port errors")
                                                .errorsPerSecond(3.0)))
                        .labels("node", "gpu-5", "rail", "2", "device", "mlx5_1")
                        .page("/nodes/gpu-5"),
                row(
                                "RailPortCongested",
                                "warning",
                                healthy()
                                        .port(Port.of("gpu-5", 2, "mlx5_1", PortHealth.DEGRADED, "congested")
                                                .congestionRatio(0.5)))
                        .labels("node", "gpu-5", "rail", "2", "device", "mlx5_1")
                        .page("/nodes/gpu-5"),
                // a RoCE port PFC paused 8 % of the time, over the 1 % limit, while it never waited to transmit
                row(
                                "RailPortCongested",
                                "warning",
                                healthy()
                                        .port(Port.of(
                                                        "gpu-7",
                                                        4,
                                                        "mlx5_3",
                                                        PortHealth.DEGRADED,
                                                        "paused by PFC 8.0% of the time (limit 1.0%)")
                                                .congestionRatio(0.0)
                                                .pfcPauseRatio(0.08)))
                        .labels("node", "gpu-7", "rail", "4", "device", "mlx5_3")
                        .page("/nodes/gpu-7")
                        .annotation("description", "paused by PFC 8.0% of the time (limit 1.0%)"),
                row("RailsDisagree", "warning", healthy().railsDisagree("gpu-6", 3, "28.40.1000", "28.39.1002"))
                        .labels("node", "gpu-6")
                        .page("/nodes/gpu-6")
                        .annotation("summary", "Rails of gpu-6 disagree on firmware")
                        .annotation("description", "firmware: rail 3 28.40.1000 (the others 28.39.1002)"),
                row(
                                "NcclJobDegraded",
                                "warning",
                                healthy()
                                        .job(
                                                "team-a",
                                                "llm",
                                                JobVerdict.DEGRADED,
                                                "fell back to NET/Socket",
                                                null,
                                                null))
                        .labels("namespace", "team-a", "job", "llm")
                        .page("/jobs/team-a/llm"),
                row(
                                "NcclJobFailed",
                                "critical",
                                healthy().job("team-b", "eval", JobVerdict.FAILED, "NCCL WARN", null, null))
                        .labels("namespace", "team-b", "job", "eval")
                        .page("/jobs/team-b/eval"),
                // the peer its errors name is in the alert's description, not in its labels: the alert keeps one
                // identity
                row(
                                "NcclJobFailed",
                                "critical",
                                healthy()
                                        .job(
                                                "team-b",
                                                "eval",
                                                JobVerdict.FAILED,
                                                "NCCL WARN",
                                                null,
                                                null,
                                                new PeerBlame.Suspect(
                                                        "10.244.0.17",
                                                        "RDMA completion error, status 12",
                                                        "eval-worker-3",
                                                        "gpu-0412",
                                                        new PeerBlame.PortFacts(
                                                                3,
                                                                "mlx5_2",
                                                                PortHealth.DOWN,
                                                                "state DOWN",
                                                                List.of(),
                                                                null,
                                                                null),
                                                        null,
                                                        4)))
                        .labels("namespace", "team-b", "job", "eval")
                        .annotation(
                                "description",
                                "NCCL WARN Suspects: peer 10.244.0.17 (RDMA completion error, status 12; named by 4 errors) is pod"
                                        + " eval-worker-3 on gpu-0412; rail 3 (mlx5_2) DOWN: state DOWN")
                        .page("/jobs/team-b/eval"),
                // a job NCCL RAS misses a rank of: the alert names it, even while the job's transport is fine
                row(
                                "NcclRanksMissing",
                                "critical",
                                healthy()
                                        .job(
                                                "team-a",
                                                "llm",
                                                JobVerdict.RDMA_OK,
                                                rasMissing(new RasStatus.MissingRank(3, "gpu-0412", 389, true, true))))
                        .labels("namespace", "team-a", "job", "llm")
                        .annotation("description", "1 communicator; 1 rank missing (1 dead): rank 3 on gpu-0412 (dead)")
                        .page("/jobs/team-a/llm"),
                row(
                                "NcclJobUnobservable",
                                "info",
                                healthy()
                                        .job("team-c", "quiet", JobVerdict.UNOBSERVABLE, "NCCL_DEBUG=WARN", null, null))
                        .labels("namespace", "team-c", "job", "quiet")
                        .page("/jobs/team-c/quiet"),
                // a job that is slow is also degraded
                row(
                                "NcclBusBandwidthLow",
                                "warning",
                                healthy().job("team-a", "llm", JobVerdict.DEGRADED, "slow", 80.0, 350.0))
                        .labels("namespace", "team-a", "job", "llm")
                        .page("/jobs/team-a/llm")
                        .alongWith("NcclJobDegraded"),
                row(
                                "RailscopeSourceStale",
                                "critical",
                                healthy().source("node-metrics", NOW.minusSeconds(600), "HTTP 503"))
                        .labels("source", "node-metrics")
                        .page(""),
                row("RailscopeSourceStale", "critical", healthy().source("node-metrics", null, "connection refused"))
                        .labels("source", "node-metrics")
                        .page("")
                        .annotation("description", "Last success never; last error: connection refused")));
        rows.add(row(
                        "FabricSwitchDegraded",
                        "critical",
                        healthy()
                                .blame(blame(
                                        BlameKind.LEAF, "su2-rail3", 3, PortSymptom.DOWN, "gpu-1", "gpu-2", "gpu-3")))
                .labels("switch", "su2-rail3", "rail", "3", "symptom", "down")
                .page("#fabric")
                .annotation("description", "the evidence")
                .annotation("nodes", "gpu-1, gpu-2, gpu-3"));
        rows.add(
                row(
                                "RailMiswired",
                                "warning",
                                healthy()
                                        .miswired(new Miswiring.Miswired(
                                                "gpu-7", 3, "mlx5_2", "su1-rail4", 4, "su1-rail3")))
                        .labels("node", "gpu-7", "rail", "3", "device", "mlx5_2", "switch", "su1-rail4")
                        .page("/nodes/gpu-7")
                        .annotation(
                                "description",
                                "node gpu-7 rail 3 (mlx5_2) is cabled to su1-rail4, a rail-4 leaf; its rail-3 leaf is su1-rail3"));
        rows.add(row(
                        "FabricUplinkCongested",
                        "warning",
                        healthy()
                                .blame(blame(
                                        BlameKind.RAIL,
                                        "rail 2",
                                        2,
                                        PortSymptom.PFC_PAUSED,
                                        "gpu-1",
                                        "gpu-2",
                                        "gpu-3")))
                .labels("rail", "2", "symptom", "pfc-paused")
                .page("#fabric"));
        // a spine: congestion is its uplinks', any other symptom the switch's own
        rows.add(row(
                        "FabricUplinkCongested",
                        "warning",
                        healthy()
                                .blame(blame(
                                        BlameKind.SPINE,
                                        "sg02-rail5",
                                        5,
                                        PortSymptom.PFC_PAUSED,
                                        "gpu-1",
                                        "gpu-2",
                                        "gpu-3")))
                .labels("switch", "sg02-rail5", "rail", "5", "symptom", "pfc-paused")
                .page("#fabric")
                .annotation("nodes", "gpu-1, gpu-2, gpu-3"));
        rows.add(row(
                        "FabricSwitchDegraded",
                        "warning",
                        healthy()
                                .blame(blame(
                                        BlameKind.SPINE,
                                        "sg02-rail6",
                                        6,
                                        PortSymptom.ERRORS,
                                        "gpu-1",
                                        "gpu-2",
                                        "gpu-3")))
                .labels("switch", "sg02-rail6", "rail", "6", "symptom", "errors")
                .page("#fabric"));
        rows.add(row(
                        "FabricRailDegraded",
                        "warning",
                        healthy()
                                .blame(blame(
                                        BlameKind.RAIL, "rail 4", 4, PortSymptom.ERRORS, "gpu-1", "gpu-2", "gpu-3")))
                .labels("rail", "4", "symptom", "errors")
                .page("#fabric"));
        for (IsolationCheck check : IsolationCheck.values()) {
            rows.add(row(
                            check.alertName(),
                            "warning",
                            healthy()
                                    .isolation(new IsolationFinding(
                                            check, "team-a", "Namespace team-a", null, 3, "seen " + check.label())))
                    .labels("namespace", "team-a", "object", "Namespace team-a")
                    .page("/isolation")
                    .annotation("fix", check.fix())
                    .annotation("description", "seen " + check.label() + " " + check.why()));
        }
        return rows.stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("rules")
    void eachRuleFiresOnTheStateThatTriggersItWithItsLabelsAndPage(Row row) {
        List<AlertCondition> conditions = rules.evaluate(row.inputs, EXPECTED_GBPS, 0.7, Duration.ofSeconds(90), NOW);

        Set<String> fired =
                new TreeSet<>(conditions.stream().map(AlertCondition::alertname).toList());
        Set<String> expected = new TreeSet<>(row.alongWith);
        expected.add(row.alertname);
        assertThat(fired).as("the rules that fire").isEqualTo(expected);

        AlertCondition condition = conditions.stream()
                .filter(c -> c.alertname().equals(row.alertname))
                .findFirst()
                .orElseThrow();
        Map<String, String> labels =
                new LinkedHashMap<>(Map.of("alertname", row.alertname, "severity", row.severity, "cell", "west-1"));
        labels.putAll(row.labels);
        assertThat(condition.labels()).containsExactlyInAnyOrderEntriesOf(labels);
        assertThat(condition.generatorUrl()).isEqualTo("https://railscope.example/cells/west-1" + row.page);
        assertThat(condition.annotations()).containsKey("summary").containsAllEntriesOf(row.annotations);
    }

    @Test
    void theTableHasARowForEveryRule() {
        assertThat(rules().map(row -> row.alertname).distinct()).containsExactlyInAnyOrderElementsOf(AlertRules.NAMES);
    }

    @Test
    void aLeafBlamedIsOneAlertInPlaceOfItsPortsAlerts() {
        CellState leafDown = healthy()
                .port(Port.of("gpu-1", 3, "mlx5_2", PortHealth.DOWN, "state DOWN")
                        .rate(0))
                .port(Port.of("gpu-2", 3, "mlx5_2", PortHealth.DOWN, "state DOWN")
                        .rate(0))
                .port(Port.of("gpu-3", 3, "mlx5_2", PortHealth.DOWN, "state DOWN")
                        .rate(0))
                // the same node's other rail is no port of the leaf: its own alert stays
                .port(Port.of("gpu-1", 5, "mlx5_4", PortHealth.DOWN, "state DOWN")
                        .rate(0))
                .blame(blame(BlameKind.LEAF, "su2-rail3", 3, PortSymptom.DOWN, "gpu-1", "gpu-2", "gpu-3"));

        List<AlertCondition> conditions =
                rules.evaluate(leafDown.build(), EXPECTED_GBPS, 0.7, Duration.ofSeconds(90), NOW);

        assertThat(conditions)
                .extracting(
                        AlertCondition::alertname,
                        condition -> condition.labels().get("rail"))
                .containsExactlyInAnyOrder(tuple("FabricSwitchDegraded", "3"), tuple("RailPortDown", "5"));
    }

    @Test
    void aFabricAlertNamesItsFirstNodesAndCountsTheRest() {
        String[] nodes = java.util.stream.IntStream.range(0, 45)
                .mapToObj(i -> String.format("gpu-%02d", i))
                .toArray(String[]::new);
        List<AlertCondition> conditions = rules.evaluate(
                healthy()
                        .blame(blame(BlameKind.LEAF, "su1-rail1", 1, PortSymptom.PFC_PAUSED, nodes))
                        .build(),
                EXPECTED_GBPS,
                0.7,
                Duration.ofSeconds(90),
                NOW);

        assertThat(conditions)
                .singleElement()
                .satisfies(condition -> assertThat(condition.annotations().get("nodes"))
                        .contains("gpu-00, gpu-01", "gpu-39 and 5 more")
                        .doesNotContain("gpu-40"));
    }

    /** A blame of the given nodes' port on {@code rail}. */
    private static FabricBlame blame(BlameKind kind, String component, int rail, PortSymptom symptom, String... nodes) {
        return new FabricBlame(
                kind,
                component,
                rail,
                symptom,
                java.util.Arrays.stream(nodes)
                        .map(node -> new FabricBlame.RailPortRef(node, rail))
                        .toList(),
                "the evidence");
    }

    @Test
    void aHealthyCellHasNoAlert() {
        assertThat(rules.evaluate(healthy().build(), EXPECTED_GBPS, 0.7, Duration.ofSeconds(90), NOW))
                .isEmpty();
    }

    @Test
    void everyUnhealthyThingAtOnceIsOneAlertEach() {
        CellState all = healthy()
                .pool("cluster-pool", Plane.PRIMARY, null, Health.CRITICAL, 0, 0)
                .pool("rail-3", Plane.BACKEND, 3, Health.WARNING, 3, 2)
                .block("gpu-1", "cluster-pool", "10.0.1.0/24", 254, 254)
                .neighbor("gpu-2", 600, Health.WARNING, "over gc_thresh2")
                .neighbor("gpu-3", 1000, Health.CRITICAL, "near gc_thresh3")
                .port(Port.of("gpu-4", 1, "mlx5_0", PortHealth.DOWN, "state DOWN")
                        .rate(0))
                .port(Port.of("gpu-5", 2, "mlx5_1", PortHealth.DEGRADED, "everything")
                        .rate(200)
                        .linkDowned(2)
                        .symbolErrorsPerHour(500.0)
                        .congestionRatio(0.5))
                .job("team-a", "llm", JobVerdict.DEGRADED, "fell back to NET/Socket", 80.0, 350.0)
                .job("team-b", "eval", JobVerdict.FAILED, "NCCL WARN", null, null)
                .job("team-c", "quiet", JobVerdict.UNOBSERVABLE, "NCCL_DEBUG=WARN", null, null)
                .job(
                        "team-d",
                        "rl",
                        JobVerdict.RDMA_OK,
                        rasMissing(new RasStatus.MissingRank(1, "gpu-9", 7, true, false)))
                .source("node-metrics", NOW.minusSeconds(600), "HTTP 503")
                .railsDisagree("gpu-6", 3, "28.40.1000", "28.39.1002")
                .blame(blame(BlameKind.LEAF, "su2-rail3", 3, PortSymptom.DOWN, "gpu-11", "gpu-12", "gpu-13"))
                .blame(blame(BlameKind.RAIL, "rail 2", 2, PortSymptom.PFC_PAUSED, "gpu-11", "gpu-12", "gpu-13"))
                .blame(blame(BlameKind.RAIL, "rail 4", 4, PortSymptom.ERRORS, "gpu-11", "gpu-12", "gpu-13"))
                .miswired(new Miswiring.Miswired("gpu-7", 3, "mlx5_2", "su1-rail4", 4, "su1-rail3"));
        for (IsolationCheck check : IsolationCheck.values()) {
            all.isolation(new IsolationFinding(check, "team-a", "Namespace team-a", null, 3, "seen " + check.label()));
        }
        List<AlertCondition> conditions = rules.evaluate(all.build(), EXPECTED_GBPS, 0.7, Duration.ofSeconds(90), NOW);
        assertThat(conditions.stream().map(AlertCondition::alertname))
                .doesNotHaveDuplicates()
                .containsExactlyInAnyOrderElementsOf(AlertRules.NAMES);
    }

    /** What RAS answers for a job of one communicator that misses {@code rank}. */
    static RasStatus rasMissing(RasStatus.MissingRank rank) {
        return new RasStatus(
                NOW,
                "10.244.0.7:28028",
                null,
                "2.29.2",
                List.of(new RasStatus.Communicator("0x5eed0a1b2c3d4e", 4, 3, 1, List.of(rank), List.of())),
                1,
                rank.dead() ? 1 : 0,
                0,
                null);
    }

    // ---- the table and its fixture builder ----

    /** A cell with nothing unhealthy and a fresh Kubernetes source; each row adds the one thing its rule is about. */
    static CellState healthy() {
        return new CellState();
    }

    static Row row(String alertname, String severity, CellState state) {
        return new Row(alertname, severity, state.build());
    }

    static final class CellState {
        private final List<AlertInputs.Pool> pools = new ArrayList<>();
        private final List<AlertInputs.Block> blocks = new ArrayList<>();
        private final List<AlertInputs.Neighbor> neighbors = new ArrayList<>();
        private final List<AlertInputs.Port> ports = new ArrayList<>();
        private final List<AlertInputs.Job> jobs = new ArrayList<>();
        private final List<AlertInputs.Source> sources =
                new ArrayList<>(List.of(new AlertInputs.Source(SourceKind.KUBERNETES, NOW.minusSeconds(5), null)));
        private final List<IsolationFinding> isolation = new ArrayList<>();
        private final List<FabricBlame> fabricBlames = new ArrayList<>();
        private final List<Miswiring.Miswired> miswired = new ArrayList<>();
        private final List<RailsDisagreement> railDisagreements = new ArrayList<>();
        private int allocationFailureEvents;

        CellState pool(String name, Plane plane, Integer rail, Health health, long leaked, long allocationFailures) {
            pools.add(new AlertInputs.Pool(name, plane, rail, health, health + " " + name, leaked, allocationFailures));
            return this;
        }

        CellState allocationFailureEvents(int events) {
            allocationFailureEvents = events;
            return this;
        }

        CellState block(String node, String pool, String cidr, int used, int capacity) {
            blocks.add(new AlertInputs.Block(node, pool, cidr, used, capacity));
            return this;
        }

        CellState neighbor(String node, int entries, Health health, String reason) {
            neighbors.add(new AlertInputs.Neighbor(node, entries, 512, 1024, health, reason, IpFamily.IPV4));
            return this;
        }

        CellState port(Port port) {
            ports.add(port.build());
            return this;
        }

        CellState job(
                String namespace,
                String name,
                JobVerdict verdict,
                String reason,
                Double busbwGBps,
                Double baselineGBps) {
            jobs.add(new AlertInputs.Job(
                    namespace, name, verdict, reason, busbwGBps, baselineGBps, List.of(), null, List.of(), List.of()));
            return this;
        }

        CellState job(String namespace, String name, JobVerdict verdict, RasStatus ras) {
            jobs.add(new AlertInputs.Job(
                    namespace, name, verdict, "transport fine", null, null, List.of(), ras, List.of(), List.of()));
            return this;
        }

        CellState job(
                String namespace,
                String name,
                JobVerdict verdict,
                String reason,
                Double busbwGBps,
                Double baselineGBps,
                PeerBlame.Suspect suspect) {
            jobs.add(new AlertInputs.Job(
                    namespace,
                    name,
                    verdict,
                    reason,
                    busbwGBps,
                    baselineGBps,
                    List.of(suspect),
                    null,
                    List.of(),
                    List.of()));
            return this;
        }

        CellState source(String source, Instant lastSuccessAt, String error) {
            sources.add(new AlertInputs.Source(SourceKind.fromLabel(source), lastSuccessAt, error));
            return this;
        }

        CellState railsDisagree(String node, int rail, String firmware, String majority) {
            railDisagreements.add(new RailsDisagreement(
                    node,
                    List.of(new AttributeSpread(
                            RailAttribute.FIRMWARE,
                            majority,
                            7,
                            List.of(new AttributeSpread.Outlier("rail " + rail, firmware)),
                            1))));
            return this;
        }

        CellState miswired(Miswiring.Miswired port) {
            miswired.add(port);
            return this;
        }

        CellState blame(FabricBlame blame) {
            fabricBlames.add(blame);
            return this;
        }

        CellState isolation(IsolationFinding finding) {
            isolation.add(finding);
            return this;
        }

        AlertInputs build() {
            return new AlertInputs(
                    "west-1",
                    List.copyOf(pools),
                    List.copyOf(blocks),
                    List.copyOf(neighbors),
                    List.copyOf(ports),
                    List.copyOf(jobs),
                    List.copyOf(sources),
                    allocationFailureEvents,
                    List.copyOf(isolation),
                    List.copyOf(railDisagreements),
                    List.copyOf(fabricBlames),
                    List.copyOf(miswired));
        }
    }

    /** A rail port at the expected rate with no flap, error or congestion, unless told. */
    static final class Port {
        private final String node;
        private final int rail;
        private final String device;
        private final PortHealth health;
        private final String reason;
        private double rateGbps = EXPECTED_GBPS;
        private int linkDownedIncrease;
        private Double symbolErrorsPerHour;
        private Double errorsPerSecond;
        private Double congestionRatio;
        private Double pfcPauseRatio;

        private Port(String node, int rail, String device, PortHealth health, String reason) {
            this.node = node;
            this.rail = rail;
            this.device = device;
            this.health = health;
            this.reason = reason;
        }

        static Port of(String node, int rail, String device, PortHealth health, String reason) {
            return new Port(node, rail, device, health, reason);
        }

        Port rate(double gbps) {
            rateGbps = gbps;
            return this;
        }

        Port linkDowned(int increase) {
            linkDownedIncrease = increase;
            return this;
        }

        Port symbolErrorsPerHour(double rate) {
            symbolErrorsPerHour = rate;
            return this;
        }

        Port errorsPerSecond(double rate) {
            errorsPerSecond = rate;
            return this;
        }

        Port congestionRatio(double ratio) {
            congestionRatio = ratio;
            return this;
        }

        Port pfcPauseRatio(double ratio) {
            pfcPauseRatio = ratio;
            return this;
        }

        AlertInputs.Port build() {
            return new AlertInputs.Port(
                    node,
                    rail,
                    device,
                    1,
                    health,
                    reason,
                    rateGbps,
                    linkDownedIncrease,
                    symbolErrorsPerHour,
                    errorsPerSecond,
                    congestionRatio,
                    pfcPauseRatio);
        }
    }

    /** One row: the alert a state raises, its severity, labels beyond alertname/severity/cell, its page under the cell's, and annotations. */
    static final class Row {
        final String alertname;
        final String severity;
        final AlertInputs inputs;
        final Map<String, String> labels = new LinkedHashMap<>();
        final Map<String, String> annotations = new LinkedHashMap<>();
        final Set<String> alongWith = new TreeSet<>();
        String page = "";

        Row(String alertname, String severity, AlertInputs inputs) {
            this.alertname = alertname;
            this.severity = severity;
            this.inputs = inputs;
        }

        Row labels(String... pairs) {
            for (int i = 0; i + 1 < pairs.length; i += 2) {
                labels.put(pairs[i], pairs[i + 1]);
            }
            return this;
        }

        Row page(String underCell) {
            page = underCell;
            return this;
        }

        Row annotation(String name, String value) {
            annotations.put(name, value);
            return this;
        }

        Row alongWith(String... alertnames) {
            alongWith.addAll(Arrays.asList(alertnames));
            return this;
        }

        @Override
        public String toString() {
            return alertname + " (" + severity + ")" + (alongWith.isEmpty() ? "" : " with " + alongWith);
        }
    }
}
