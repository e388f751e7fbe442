package io.railscope.source.sim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import io.railscope.MutableClock;
import io.railscope.assess.JobAssessment;
import io.railscope.assess.JobVerdict;
import io.railscope.assess.NeighborAssessment;
import io.railscope.assess.PeerBlame;
import io.railscope.assess.PoolHeadroom;
import io.railscope.assess.PortAssessment;
import io.railscope.assess.PortHealthRule;
import io.railscope.assess.RecordingPorts;
import io.railscope.assess.SlowRanks;
import io.railscope.assess.TestThresholds;
import io.railscope.config.IpamSettings;
import io.railscope.config.NcclSettings;
import io.railscope.config.RasSettings;
import io.railscope.model.Fault;
import io.railscope.model.Health;
import io.railscope.model.Plane;
import io.railscope.model.PortHealth;
import io.railscope.source.KubernetesSnapshot;
import io.railscope.source.NodeMetricsSnapshot;
import io.railscope.source.PoolUsage;
import io.railscope.source.PortCounter;
import io.railscope.source.RailPortReading;
import io.railscope.source.nccl.NcclJobObservation;
import io.railscope.source.nccl.NcclLogArchive;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalDouble;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

@Execution(ExecutionMode.CONCURRENT)
class SimulatedCellTest {

    private static final List<String> DEVICES =
            List.of("mlx5_0", "mlx5_1", "mlx5_2", "mlx5_3", "mlx5_4", "mlx5_5", "mlx5_6", "mlx5_7");

    private final MutableClock clock = new MutableClock(Instant.parse("2026-11-30T00:00:00Z"));

    @Test
    void healthyCellHasEveryNodeRailPoolAndJob() throws Exception {
        SimulatedCell cell = cell(512, Set.of());
        KubernetesSnapshot objects = cell.fetchKubernetes();
        assertThat(objects.nodes()).hasSize(512);
        assertThat(objects.nodeBlocks()).hasSize(512);
        assertThat(objects.pools())
                .extracting(PoolUsage::plane)
                .containsExactly(
                        Plane.PRIMARY,
                        Plane.BACKEND,
                        Plane.BACKEND,
                        Plane.BACKEND,
                        Plane.BACKEND,
                        Plane.BACKEND,
                        Plane.BACKEND,
                        Plane.BACKEND,
                        Plane.BACKEND,
                        Plane.BACKEND,
                        Plane.SERVICE);
        // one nv-ipam pool per rail, mapped through its NAD, and the whereabouts storage network on no rail
        assertThat(objects.pools())
                .extracting(PoolUsage::rail)
                .containsExactly(null, 1, 2, 3, 4, 5, 6, 7, 8, null, null);
        assertThat(objects.leaks()).isEmpty();
        assertThat(objects.failures()).isEmpty();
        assertThat(objects.asymmetricNodes()).isEmpty();
        assertThat(objects.problems()).isEmpty();
        assertThat(objects.pools())
                .allSatisfy(pool -> assertThat(
                                PoolHeadroom.of(pool, TestThresholds.defaults()).health())
                        .isEqualTo(Health.OK));
        List<PortAssessment> ports = assessTwice(cell);
        assertThat(ports)
                .hasSize(512 * 8)
                .allSatisfy(port -> assertThat(port.health()).isEqualTo(PortHealth.OK));
        // the simulated fabric is RoCE: congestion notifications are handled at some rate
        assertThat(ports).allSatisfy(port -> assertThat(port.cnpPerSecond()).isPositive());
        assertThat(cell.fetchNccl().jobs())
                .isNotEmpty()
                .allSatisfy(job -> assertThat(JobAssessment.of(job, OptionalDouble.empty(), 0.7)
                                .verdict())
                        .isEqualTo(JobVerdict.RDMA_OK));
    }

    @Test
    void blocksOfNodesAreDistinctAndInsideThePrimaryPool() throws Exception {
        KubernetesSnapshot objects =
                cell(300, Set.of(Fault.POOL_NEAR_EXHAUSTION)).fetchKubernetes();
        assertThat(objects.nodeBlocks()).extracting(block -> block.cidr()).doesNotHaveDuplicates();
        PoolUsage primary = objects.pools().get(0);
        assertThat(primary.blocksTotal()).isGreaterThanOrEqualTo(primary.blocksUsed());
        assertThat(primary.cidrs().size()).isGreaterThan(1);
    }

    @Test
    void poolNearExhaustionLeavesAboutTwoPercentOfBlocks() throws Exception {
        PoolUsage primary = cell(2048, Set.of(Fault.POOL_NEAR_EXHAUSTION))
                .fetchKubernetes()
                .pools()
                .get(0);
        PoolHeadroom headroom = PoolHeadroom.of(primary, TestThresholds.defaults());
        assertThat(headroom.health()).isEqualTo(Health.WARNING);
        assertThat(headroom.free()).isEqualTo(41);
    }

    @Test
    void poolUsageGrowsOverTime() throws Exception {
        SimulatedCell cell = cell(64, Set.of());
        long before = cell.fetchKubernetes().pools().get(0).allocated();
        clock.advance(Duration.ofHours(8));
        long after = cell.fetchKubernetes().pools().get(0).allocated();
        assertThat(after).isGreaterThan(before);
    }

    @Test
    void countersAdvanceAtAPlausibleRate() throws Exception {
        SimulatedCell cell = cell(4, Set.of());
        RailPortReading first = cell.fetchNodeMetrics().ports().get(0);
        clock.advance(Duration.ofSeconds(30));
        RailPortReading second = cell.fetchNodeMetrics().ports().get(0);
        double bytesPerSecond =
                (second.counter(PortCounter.DATA_RECEIVED_BYTES) - first.counter(PortCounter.DATA_RECEIVED_BYTES))
                        / 30.0;
        // between 20 % and 70 % of a 400 Gb/s port
        assertThat(bytesPerSecond).isBetween(0.2 * 5e10 * 0.99, 0.7 * 5e10 * 1.01);
        assertThat(second.counter(PortCounter.SYMBOL_ERRORS)).isZero();
    }

    @Test
    void eachRailFaultDegradesOrDownsExactlyOnePort() throws Exception {
        SimulatedCell cell = cell(
                64, Set.of(Fault.RAIL_DOWN, Fault.RAIL_FLAPPING, Fault.RAIL_HALF_RATE, Fault.SYMBOL_ERRORS_RISING));
        List<PortAssessment> unhealthy = assessTwice(cell).stream()
                .filter(port -> port.health() != PortHealth.OK)
                .toList();
        assertThat(unhealthy)
                .extracting(PortAssessment::reason)
                .hasSize(4)
                .anySatisfy(r -> assertThat(r).startsWith("state DOWN"))
                .anySatisfy(r -> assertThat(r).contains("link went down"))
                .anySatisfy(r -> assertThat(r).contains("trained at 200 Gb/s"))
                .anySatisfy(r -> assertThat(r).contains("symbol errors/h"));
    }

    @Test
    void neighborFaultPutsOneNodeOverGcThresh2AndOneNearGcThresh3() throws Exception {
        SimulatedCell cell = cell(512, Set.of(Fault.NEIGHBOR_OVER_GC_THRESH2));
        List<Health> health = cell.fetchNodeMetrics().neighbors().stream()
                .map(reading -> NeighborAssessment.of(reading, TestThresholds.defaults())
                        .health())
                .toList();
        assertThat(health).filteredOn(h -> h == Health.WARNING).hasSize(1);
        assertThat(health).filteredOn(h -> h == Health.CRITICAL).hasSize(1);
    }

    @Test
    void socketFallbackMakesOneJobDegraded() throws Exception {
        SimulatedCell cell = cell(512, Set.of(Fault.NCCL_SOCKET_FALLBACK));
        List<JobVerdict> verdicts = cell.fetchNccl().jobs().stream()
                .map(job -> JobAssessment.of(job, OptionalDouble.empty(), 0.7).verdict())
                .toList();
        assertThat(verdicts).filteredOn(v -> v == JobVerdict.DEGRADED).hasSize(1);
        assertThat(verdicts).filteredOn(v -> v == JobVerdict.RDMA_OK).hasSize(verdicts.size() - 1);
    }

    @Test
    void whereaboutsLeakAndAllocationFailuresShowUp() throws Exception {
        KubernetesSnapshot objects = cell(64, Set.of(Fault.WHEREABOUTS_LEAK, Fault.IP_ALLOCATION_FAILURES))
                .fetchKubernetes();
        assertThat(objects.leaks())
                .hasSize(3)
                .allSatisfy(leak -> assertThat(leak.podref()).startsWith("team-b/llm-eval-deleted-"));
        assertThat(objects.failures()).hasSize(2).allSatisfy(failure -> {
            assertThat(failure.reason()).isEqualTo("FailedCreatePodSandBox");
            assertThat(failure.pool()).isEqualTo("cluster-pool");
        });
        assertThat(objects.stuckPods()).hasSize(2);
        assertThat(objects.pools().get(0).allocationFailures()).isEqualTo(12);
    }

    @Test
    void faultsCanBeInjectedAndClearedAtRunTime() throws Exception {
        SimulatedCell cell = cell(8, Set.of());
        cell.inject(Fault.METRICS_SOURCE_ERROR);
        assertThatThrownBy(cell::fetchNodeMetrics).hasMessageContaining("HTTP 503");
        cell.clear(Fault.METRICS_SOURCE_ERROR);
        assertThat(cell.fetchNodeMetrics().ports()).hasSize(64);
    }

    @Test
    void scalesToTwelveThousandNodes() throws Exception {
        SimulatedCell cell = cell(12_000, Set.of());
        assertThat(cell.fetchKubernetes().nodes()).hasSize(12_000);
        assertThat(cell.fetchNodeMetrics().ports()).hasSize(96_000);
    }

    @Test
    void aPeerOnTheDownRailFailsAJobWhoseErrorNamesThatPodNodeAndRail() throws Exception {
        SimulatedCell cell = cell(2048, Set.of(Fault.RAIL_DOWN, Fault.NCCL_PEER_RAIL_DOWN));
        List<PortAssessment> ports = assessTwice(cell);
        PortAssessment down = ports.stream()
                .filter(port -> port.health() == PortHealth.DOWN)
                .findFirst()
                .orElseThrow();
        NcclJobObservation failed = cell.fetchNccl().jobs().stream()
                .filter(job ->
                        JobAssessment.of(job, OptionalDouble.empty(), 0.7).verdict() == JobVerdict.FAILED)
                .findFirst()
                .orElseThrow();
        RecordingPorts recording = RecordingPorts.knowingNone();
        assertThat(PeerBlame.suspects(failed.warnings(), failed.pods(), recording))
                .singleElement()
                .satisfies(suspect -> assertThat(suspect.node()).isEqualTo(down.node()));
        assertThat(recording.asked).containsExactly(down.node() + " " + down.device());
    }

    @Test
    void aRankOnTheHalfRateRailReportsHalfTheBusBandwidthAndIsTheOneSlowRank() throws Exception {
        SimulatedCell cell = cell(512, Set.of(Fault.RAIL_HALF_RATE, Fault.NCCL_SLOW_RANK));
        PortAssessment halfRate = assessTwice(cell).stream()
                .filter(port -> port.health() == PortHealth.DEGRADED)
                .findFirst()
                .orElseThrow();
        NcclJobObservation job = cell.fetchNccl().jobs().get(0);
        List<SlowRanks.Rank> ranks = job.ranks().stream()
                .map(rank -> new SlowRanks.Rank(rank.rank(), rank.node(), rank.busbwGBps()))
                .toList();
        assertThat(ranks)
                .hasSize(job.ranks().size())
                .allSatisfy(rank -> assertThat(rank.busbwGBps()).isPositive());
        assertThat(SlowRanks.of(ranks, 0.8).slow()).singleElement().satisfies(slow -> {
            assertThat(slow.node()).isEqualTo(halfRate.node());
            assertThat(slow.rank() % DEVICES.size()).isEqualTo(halfRate.rail() - 1);
        });
    }

    @Test
    void aJobThatLostARankIsToldSoByItsRasServiceWhileTheOthersAreNotAskedOnOldNccl() throws Exception {
        RasSettings ras =
                new RasSettings(true, Duration.ofMinutes(1), Duration.ofSeconds(5), RasSettings.Mode.EXEC, "ncclras");
        SimulatedCell cell = new SimulatedCell(
                "test",
                512,
                DEVICES,
                400,
                1,
                Set.of(Fault.NCCL_RANKS_MISSING),
                clock,
                IpamSettings.defaults(),
                NcclSettings.defaults().withRas(ras),
                NcclLogArchive.NONE);
        List<NcclJobObservation> jobs = await().atMost(Duration.ofSeconds(10))
                .until(
                        () -> cell.fetchNccl().jobs(),
                        seen -> seen.stream()
                                .anyMatch(job -> job.ras() != null && job.ras().error() == null));
        List<NcclJobObservation> answered = jobs.stream()
                .filter(job -> job.ras() != null && job.ras().error() == null)
                .toList();
        assertThat(answered).hasSize(1);
        NcclJobObservation lost = answered.get(0);
        assertThat(lost.ras().missingRanks()).isEqualTo(1);
        assertThat(lost.ras().deadRanks()).isEqualTo(1);
        assertThat(lost.ras().communicators().get(0).missing().get(0).host())
                .isEqualTo(lost.pods().get(lost.pods().size() - 1).name());
        assertThat(lost.ranks())
                .allSatisfy(rank -> assertThat(rank.ncclVersion()).startsWith("2.29.2"));
        // the other running jobs run NCCL 2.21, which has no RAS: said, not asked
        assertThat(jobs.stream().filter(job -> job != lost && job.running()))
                .isNotEmpty()
                .allSatisfy(job -> assertThat(job.ras().error()).contains("has no RAS service"));
    }

    private SimulatedCell cell(int nodes, Set<Fault> faults) {
        return new SimulatedCell("test", nodes, DEVICES, 400, 1, faults, clock);
    }

    private List<PortAssessment> assessTwice(SimulatedCell cell) throws Exception {
        PortHealthRule rule = new PortHealthRule(TestThresholds.defaults(), 400);
        NodeMetricsSnapshot first = cell.fetchNodeMetrics();
        clock.advance(Duration.ofSeconds(30));
        NodeMetricsSnapshot second = cell.fetchNodeMetrics();
        List<PortAssessment> assessments = new ArrayList<>();
        for (int i = 0; i < second.ports().size(); i++) {
            RailPortReading port = second.ports().get(i);
            assessments.add(rule.assess(port, first.ports().get(i), DEVICES.indexOf(port.device()) + 1, 30));
        }
        return assessments;
    }
}
