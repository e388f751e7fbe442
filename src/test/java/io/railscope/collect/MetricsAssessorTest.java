package io.railscope.collect;

import static org.assertj.core.api.Assertions.assertThat;

import io.railscope.alert.AlertInputs;
import io.railscope.assess.PortAssessment;
import io.railscope.assess.TestThresholds;
import io.railscope.audit.IsolationAudit;
import io.railscope.config.AuditSettings;
import io.railscope.config.CellSettings;
import io.railscope.config.IpamSettings;
import io.railscope.config.NcclSettings;
import io.railscope.fabric.FabricLocalisation;
import io.railscope.model.PortHealth;
import io.railscope.source.NodeMetricsSnapshot;
import io.railscope.source.PortCounter;
import io.railscope.source.RailPortReading;
import io.railscope.source.ipam.RailMapping;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

/** A replica's first snapshot of a cell has no rates: a port degraded by its rates keeps its last committed verdict until it has them. */
@Execution(ExecutionMode.CONCURRENT)
class MetricsAssessorTest {

    private static final CellSettings CELL = new CellSettings(
            "c",
            Duration.ofSeconds(30),
            List.of("mlx5_0"),
            400,
            IpamSettings.defaults(),
            NcclSettings.defaults(),
            AuditSettings.defaults(),
            Optional.empty(),
            Optional.empty());
    private static final Instant T0 = Instant.parse("2026-11-30T12:00:00Z");

    /** A port committed DEGRADED by its symbol errors. */
    private static final AlertInputs.Port ERRING = committed("600 symbol errors/h (limit 120)", 0, 600.0);

    /** A port as another collection committed it: DEGRADED for {@code reason}. */
    private static AlertInputs.Port committed(String reason, int flaps, Double symbolErrorsPerHour) {
        return new AlertInputs.Port(
                "n1", 1, "mlx5_0", 1, PortHealth.DEGRADED, reason, 400, flaps, symbolErrorsPerHour, null, null, null);
    }

    private static NodeMetricsSnapshot snapshot(Instant at, long symbolErrors) {
        return snapshot(at, symbolErrors, 0);
    }

    private static NodeMetricsSnapshot snapshot(Instant at, long symbolErrors, long linkDowned) {
        long[] counters = PortCounter.none();
        counters[PortCounter.SYMBOL_ERRORS.ordinal()] = symbolErrors;
        counters[PortCounter.LINK_DOWNED.ordinal()] = linkDowned;
        return new NodeMetricsSnapshot(
                at, List.of(), List.of(new RailPortReading("n1", "mlx5_0", 1, 4, 5, 5e10, counters)));
    }

    private static MetricsAssessor assessor(List<AlertInputs.Port> committed) {
        return new MetricsAssessor(
                CELL,
                TestThresholds.defaults(),
                FabricLocalisation.Settings.DEFAULTS,
                new IsolationAudit(AuditSettings.defaults(), new RailMapping(1, List.of())),
                () -> committed);
    }

    @Test
    void aPortDegradedByItsRatesStaysSoUntilTheSecondSnapshotJudgesIt() {
        AlertInputs.Port committed = ERRING;
        MetricsAssessor assessor = assessor(List.of(committed));

        PortAssessment first = assessor.assess(snapshot(T0, 1000), 1, FabricInputs.NONE)
                .ports()
                .get(0);
        assertThat(first.health()).isEqualTo(PortHealth.DEGRADED);
        assertThat(first.reason()).startsWith("600 symbol errors/h").contains("rates need a second reading");

        // 30 s later the counter has not moved: the rates judge the port OK now
        PortAssessment second = assessor.assess(snapshot(T0.plusSeconds(30), 1000), 1, FabricInputs.NONE)
                .ports()
                .get(0);
        assertThat(second.health()).isEqualTo(PortHealth.OK);
    }

    @Test
    void takingTheCellBackUnderANewEpochJudgesFromWhatTheOtherHolderCommittedNotFromItsOwnOldSnapshot() {
        // the port flapped while another replica held the cell: that replica committed it DEGRADED, flapping
        AlertInputs.Port flapping = committed("link went down 1 time since the last collection", 1, null);
        MetricsAssessor assessor = assessor(List.of(flapping));
        assessor.assess(snapshot(T0, 0, 7), 1, FabricInputs.NONE);
        // this replica's own snapshot under epoch 1 is 40 s old and saw as many flaps as now: alone, it says OK
        PortAssessment back = assessor.assess(snapshot(T0.plusSeconds(40), 0, 7), 3, FabricInputs.NONE)
                .ports()
                .get(0);
        assertThat(back.health()).isEqualTo(PortHealth.DEGRADED);
        assertThat(back.linkDownedIncrease()).isEqualTo(1);
        assertThat(back.reason()).contains("rates need a second reading");

        // under the same epoch, its own previous snapshot is the one to compare with
        PortAssessment next = assessor.assess(snapshot(T0.plusSeconds(70), 0, 8), 3, FabricInputs.NONE)
                .ports()
                .get(0);
        assertThat(next.linkDownedIncrease()).isEqualTo(1);
        assertThat(next.reason()).doesNotContain("second reading");
    }

    @Test
    void aSnapshotTooSoonAfterThePreviousCannotClearAPortItsRatesDegraded() {
        AlertInputs.Port erring = ERRING;
        MetricsAssessor assessor = assessor(List.of(erring));
        assessor.assess(snapshot(T0, 1000), 1, FabricInputs.NONE);
        // a collection on demand 2 s after the scheduled one (interval 30 s): no symbol error counted in 2 s
        PortAssessment soon = assessor.assess(snapshot(T0.plusSeconds(2), 1000), 1, FabricInputs.NONE)
                .ports()
                .get(0);
        assertThat(soon.health()).isEqualTo(PortHealth.DEGRADED);
        assertThat(soon.reason()).contains("as last collected");
        // a full window judges it again: 5 errors in 30 s
        PortAssessment next = assessor.assess(snapshot(T0.plusSeconds(32), 1005), 1, FabricInputs.NONE)
                .ports()
                .get(0);
        assertThat(next.symbolErrorsPerHour()).isEqualTo(600.0);
        assertThat(next.reason()).doesNotContain("as last collected");
    }

    @Test
    void withNothingCommittedTheFirstSnapshotIsJudgedOnItsOwn() {
        assertThat(assessor(List.of())
                        .assess(snapshot(T0, 1000), 1, FabricInputs.NONE)
                        .ports()
                        .get(0)
                        .health())
                .isEqualTo(PortHealth.OK);
    }
}
