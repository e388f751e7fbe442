package io.railscope.alert;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

/** inactive → pending → firing → resolved, one step at a time, with for = 60 s and keep-firing-for = 120 s. */
@Execution(ExecutionMode.CONCURRENT)
class AlertLifecycleTest {

    private static final Instant T0 = Instant.parse("2026-11-30T10:00:00Z");
    private static final AlertCondition PORT_DOWN = new AlertCondition(
            Map.of("alertname", "RailPortDown", "severity", "critical", "cell", "a", "node", "n1"),
            Map.of("summary", "down"),
            "http://railscope/cells/a/nodes/n1");

    private static AlertTransitions step(List<AlertCondition> conditions, List<OpenAlert> open, Instant now) {
        return AlertLifecycle.step(conditions, open, now, name -> Duration.ofSeconds(60), Duration.ofSeconds(120));
    }

    private static OpenAlert open(AlertState state, Instant activeAt, Instant firedAt, Instant lastActive) {
        return new OpenAlert(
                1,
                PORT_DOWN.fingerprint(),
                "RailPortDown",
                state,
                activeAt,
                firedAt,
                lastActive,
                PORT_DOWN.annotations(),
                PORT_DOWN.generatorUrl(),
                false);
    }

    @Test
    void aNewConditionIsPendingFirst() {
        AlertTransitions t = step(List.of(PORT_DOWN), List.of(), T0);
        assertThat(t.started()).containsExactly(PORT_DOWN);
        assertThat(t.startedFiring()).isEmpty();
        assertThat(t.changesNotifications()).isFalse();
    }

    @Test
    void itFiresOnceItHeldForItsDuration() {
        OpenAlert pending = open(AlertState.PENDING, T0, null, T0);
        assertThat(step(List.of(PORT_DOWN), List.of(pending), T0.plusSeconds(59))
                        .held())
                .singleElement()
                .satisfies(held -> assertThat(held.fires()).isFalse());
        AlertTransitions at60 = step(List.of(PORT_DOWN), List.of(pending), T0.plusSeconds(60));
        assertThat(at60.held())
                .singleElement()
                .satisfies(held -> assertThat(held.fires()).isTrue());
        assertThat(at60.changesNotifications()).isTrue();
    }

    @Test
    void aPendingAlertWhoseConditionClearsIsForgotten() {
        AlertTransitions t = step(List.of(), List.of(open(AlertState.PENDING, T0, null, T0)), T0.plusSeconds(30));
        assertThat(t.dropped()).hasSize(1);
        assertThat(t.resolved()).isEmpty();
    }

    @Test
    void aFiringAlertKeepsFiringForAWhileThenResolves() {
        OpenAlert firing = open(AlertState.FIRING, T0, T0.plusSeconds(60), T0.plusSeconds(100));
        assertThat(step(List.of(), List.of(firing), T0.plusSeconds(219)).resolved())
                .isEmpty();
        AlertTransitions t = step(List.of(), List.of(firing), T0.plusSeconds(220));
        assertThat(t.resolved()).hasSize(1);
        assertThat(t.changesNotifications()).isTrue();
    }

    @Test
    void withoutForItFiresAtOnceAndDuplicatesCountOnce() {
        AlertTransitions t =
                AlertLifecycle.step(List.of(PORT_DOWN, PORT_DOWN), List.of(), T0, name -> Duration.ZERO, Duration.ZERO);
        assertThat(t.startedFiring()).containsExactly(PORT_DOWN);
    }
}
