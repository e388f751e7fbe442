package io.railscope.health;

import static org.assertj.core.api.Assertions.assertThat;

import io.railscope.fabric.BlameKind;
import io.railscope.fabric.FabricBlame;
import io.railscope.fabric.PortSymptom;
import io.railscope.health.CellHealth.Counts;
import io.railscope.health.CellHealth.FailingSource;
import io.railscope.health.CellHealth.PoolAtRisk;
import io.railscope.model.Health;
import io.railscope.model.SourceKind;
import java.util.List;
import java.util.function.UnaryOperator;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

@Execution(ExecutionMode.CONCURRENT)
class CellHealthTest {

    /** A healthy cell of 100 nodes and 800 rail ports, changed by one field at a time. */
    private static final class CellCounts {
        int nodes = 100;
        int ports = 800;
        int portsDown;
        int portsDegraded;
        int neighborWarning;
        int neighborCritical;
        int pools = 3;
        int jobs = 2;
        int jobsDegraded;
        int sourcesFailing;
        int ipamLeaks;
        int allocationFailures;
        int stuckPods;
        int exporters = 100;
        int exportersDown;

        Counts build() {
            return new Counts(
                    nodes,
                    ports,
                    portsDown,
                    portsDegraded,
                    neighborWarning,
                    neighborCritical,
                    pools,
                    0,
                    10L,
                    64L,
                    jobs,
                    jobsDegraded,
                    sourcesFailing,
                    ipamLeaks,
                    allocationFailures,
                    stuckPods,
                    exporters,
                    exportersDown,
                    0,
                    0);
        }
    }

    private static Arguments row(String name, UnaryOperator<CellCounts> change, Health health, String reason) {
        return Arguments.of(name, change.apply(new CellCounts()).build(), List.of(), List.of(), health, reason);
    }

    static Stream<Arguments> cells() {
        return Stream.of(
                row("healthy", c -> c, Health.OK, null),
                row(
                        "empty cell",
                        c -> {
                            c.nodes = 0;
                            c.ports = 0;
                            c.pools = 0;
                            c.jobs = 0;
                            return c;
                        },
                        Health.UNKNOWN,
                        null),
                row(
                        "8 of 800 ports down is 1 %: a warning",
                        c -> {
                            c.portsDown = 8;
                            return c;
                        },
                        Health.WARNING,
                        "8 rail ports down"),
                row(
                        "9 of 800 ports down is over 1 %: critical",
                        c -> {
                            c.portsDown = 9;
                            return c;
                        },
                        Health.CRITICAL,
                        "9 rail ports down"),
                row(
                        "one port degraded",
                        c -> {
                            c.portsDegraded = 1;
                            return c;
                        },
                        Health.WARNING,
                        "1 rail port degraded"),
                row(
                        "a node near gc_thresh3",
                        c -> {
                            c.neighborCritical = 1;
                            return c;
                        },
                        Health.CRITICAL,
                        "1 node near neighbor-table overflow (gc_thresh3)"),
                row(
                        "nodes over gc_thresh2",
                        c -> {
                            c.neighborWarning = 2;
                            return c;
                        },
                        Health.WARNING,
                        "2 nodes over gc_thresh2"),
                row(
                        "allocation failures",
                        c -> {
                            c.allocationFailures = 3;
                            return c;
                        },
                        Health.WARNING,
                        "3 address allocation failures"),
                row(
                        "a stuck pod",
                        c -> {
                            c.stuckPods = 1;
                            return c;
                        },
                        Health.WARNING,
                        "1 pod stuck in ContainerCreating"),
                row(
                        "leaked addresses",
                        c -> {
                            c.ipamLeaks = 2;
                            return c;
                        },
                        Health.WARNING,
                        "2 leaked addresses"),
                row(
                        "a job not on RDMA",
                        c -> {
                            c.jobsDegraded = 1;
                            return c;
                        },
                        Health.WARNING,
                        "1 job not proven on RDMA"),
                row(
                        "exporters down",
                        c -> {
                            c.exportersDown = 4;
                            return c;
                        },
                        Health.WARNING,
                        "4 of 100 node_exporters down"),
                Arguments.of(
                        "a critical pool",
                        new CellCounts().build(),
                        List.of(new PoolAtRisk(Health.CRITICAL, "pool rail-1 full")),
                        List.of(),
                        Health.CRITICAL,
                        "pool rail-1 full"),
                Arguments.of(
                        "a failing source",
                        new CellCounts().build(),
                        List.of(),
                        List.of(new FailingSource(SourceKind.KUBERNETES, "connection refused")),
                        Health.WARNING,
                        "kubernetes source failing: connection refused"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cells")
    void aCellIsAsBadAsItsWorstPart(
            String name,
            Counts counts,
            List<PoolAtRisk> pools,
            List<FailingSource> failing,
            Health health,
            String reason) {
        CellHealth.Verdict verdict = CellHealth.of(counts, pools, failing, List.of(), 0);

        assertThat(verdict.health()).isEqualTo(health);
        if (reason == null) {
            assertThat(verdict.reasons()).isEmpty();
        } else {
            assertThat(verdict.reasons()).containsExactly(reason);
        }
    }

    @Test
    void theLeavesAndRailsBlamedAreSaidBeforeTheCountsTheyExplain() {
        Counts counts = new Counts(64, 512, 0, 544, 0, 0, 0, 0, null, null, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0);
        List<FabricBlame> blames = List.of(
                new FabricBlame(
                        BlameKind.RAIL,
                        "rail 2",
                        2,
                        PortSymptom.PFC_PAUSED,
                        IntStream.range(0, 512)
                                .mapToObj(n -> new FabricBlame.RailPortRef("n" + n, 2))
                                .toList(),
                        "spread"),
                new FabricBlame(
                        BlameKind.LEAF,
                        "su30-rail4",
                        4,
                        PortSymptom.PFC_PAUSED,
                        IntStream.range(0, 32)
                                .mapToObj(n -> new FabricBlame.RailPortRef("n" + n, 4))
                                .toList(),
                        "leaf"));

        CellHealth.Verdict verdict = CellHealth.of(counts, List.of(), List.of(), blames, 2);

        assertThat(verdict.health()).isEqualTo(Health.WARNING);
        assertThat(verdict.reasons())
                .containsExactly(
                        "rail 2: 512 ports paused by PFC, spread over its leaves",
                        "leaf su30-rail4: 32 host ports paused by PFC",
                        "544 rail ports degraded",
                        "2 rail ports cabled to another rail's leaf");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cells")
    void aWarningNeverHidesACriticalPart(
            String name,
            Counts counts,
            List<PoolAtRisk> pools,
            List<FailingSource> failing,
            Health health,
            String reason) {
        List<FailingSource> oneMore = Stream.concat(
                        failing.stream(), Stream.of(new FailingSource(SourceKind.NCCL, "timeout")))
                .toList();

        CellHealth.Verdict verdict = CellHealth.of(counts, pools, oneMore, List.of(), 0);

        assertThat(verdict.health()).isEqualTo(health == Health.CRITICAL ? Health.CRITICAL : Health.WARNING);
        assertThat(verdict.reasons()).last().isEqualTo("nccl source failing: timeout");
    }
}
