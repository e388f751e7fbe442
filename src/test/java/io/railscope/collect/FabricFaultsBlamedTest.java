package io.railscope.collect;

import static org.assertj.core.api.Assertions.assertThat;

import io.railscope.MutableClock;
import io.railscope.assess.NodeMetricsState;
import io.railscope.fabric.BlameKind;
import io.railscope.fabric.FabricBlame;
import io.railscope.fabric.PortSymptom;
import io.railscope.model.Fault;
import io.railscope.source.sim.SimulatedCell;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Each fabric fault of the simulated fleet, injected between two collections of a 512-node cell (16 scalable units, a
 * leaf per unit and rail, a spine per rail and four units), is blamed on its component by the first collection after
 * it began, and nothing else is blamed: the fabric alerts then fire after their rule's {@code for}.
 */
@Execution(ExecutionMode.CONCURRENT)
class FabricFaultsBlamedTest {

    private static final Duration INTERVAL = Duration.ofSeconds(30);
    private static final List<String> DEVICES = EightRailAssessors.DEVICES;

    @ParameterizedTest
    @CsvSource({
        "LEAF_DOWN, leaf, down, -su",
        "LEAF_PFC_STORM, leaf, pfc-paused, -su",
        "SPINE_UPLINK_CONGESTED, spine, pfc-paused, -sg",
        "FLAKY_CABLE, link, flapping, /mlx5_",
        "RAIL_DOWN, link, down, /mlx5_",
    })
    void aFaultIsBlamedOnItsComponentAtTheFirstCollectionAfterItBegan(
            Fault fault, String kind, String symptom, String named) throws Exception {
        MutableClock clock = new MutableClock(Instant.parse("2026-12-01T03:00:00Z"));
        SimulatedCell cell = new SimulatedCell("t", 512, DEVICES, 400, 7, List.of(), clock);
        MetricsAssessor assessor = EightRailAssessors.of("t", INTERVAL);
        for (int collection = 0; collection < 2; collection++) {
            assertThat(collect(cell, assessor, clock).blames())
                    .as("before the fault")
                    .isEmpty();
        }
        clock.advance(INTERVAL.dividedBy(3));
        cell.inject(fault);
        NodeMetricsState first = collect(cell, assessor, clock);

        assertThat(first.blames())
                .as("blamed at the first collection after the fault began")
                .singleElement()
                .satisfies(blame -> {
                    assertThat(blame.kind()).isEqualTo(BlameKind.of(kind));
                    assertThat(blame.symptom()).isEqualTo(PortSymptom.of(symptom));
                    assertThat(blame.component()).contains(named);
                });
        assertThat(collect(cell, assessor, clock).blames())
                .as("still blamed at the next")
                .extracting(FabricBlame::component)
                .containsExactly(first.blames().get(0).component());
    }

    private static NodeMetricsState collect(SimulatedCell cell, MetricsAssessor assessor, MutableClock clock)
            throws InterruptedException {
        clock.advance(INTERVAL);
        return assessor.assess(cell.fetchNodeMetrics(), 1, FabricInputs.NONE);
    }
}
