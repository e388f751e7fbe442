package io.railscope.alert;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

/** The rows of one evaluation: what is opened, fired, rewritten, forgotten, resolved and quieted. */
@Execution(ExecutionMode.CONCURRENT)
class AlertWritesTest {

    private static final Instant BEFORE = Instant.parse("2026-11-30T09:59:30Z");
    private static final Instant NOW = Instant.parse("2026-11-30T10:00:00Z");
    private static final EvaluatedCell CELL = new EvaluatedCell(7, BEFORE);

    private static AlertCondition condition(String node, String summary) {
        return new AlertCondition(
                Map.of("alertname", "RailPortDown", "cell", "a", "node", node),
                Map.of("summary", summary),
                "http://railscope/cells/a/nodes/" + node);
    }

    private static OpenAlert open(long id, String node, AlertState state, boolean quiet) {
        AlertCondition condition = condition(node, "down");
        return new OpenAlert(
                id,
                condition.fingerprint(),
                condition.alertname(),
                state,
                BEFORE.minusSeconds(60),
                state == AlertState.FIRING ? BEFORE : null,
                BEFORE,
                condition.annotations(),
                condition.generatorUrl(),
                quiet);
    }

    @Test
    void openedAlertsCarryTheirSeverityAndFiringTime() {
        AlertTransitions transitions = new AlertTransitions(
                NOW,
                List.of(condition("n1", "down")),
                List.of(condition("n2", "down")),
                List.of(),
                List.of(),
                List.of());
        AlertWrites writes = AlertWrites.of(CELL, List.of(), transitions);
        assertThat(writes.opened())
                .extracting(AlertWrites.NewAlert::state, AlertWrites.NewAlert::severity, AlertWrites.NewAlert::firedAt)
                .containsExactly(
                        tuple(AlertState.PENDING, Severity.WARNING, null),
                        tuple(AlertState.FIRING, Severity.WARNING, NOW));
        assertThat(writes.lastHeldAt()).isEqualTo(BEFORE);
    }

    @Test
    void aHeldAlertIsRewrittenOnlyWhenItsWordsChangedOrItWasQuiet() {
        OpenAlert same = open(1, "n1", AlertState.FIRING, false);
        OpenAlert reworded = open(2, "n2", AlertState.FIRING, false);
        OpenAlert quiet = open(3, "n3", AlertState.FIRING, true);
        OpenAlert firesNow = open(4, "n4", AlertState.PENDING, false);
        AlertTransitions transitions = new AlertTransitions(
                NOW,
                List.of(),
                List.of(),
                List.of(
                        new AlertTransitions.Held(same, condition("n1", "down"), false),
                        new AlertTransitions.Held(reworded, condition("n2", "down, 3 flaps"), false),
                        new AlertTransitions.Held(quiet, condition("n3", "down"), false),
                        new AlertTransitions.Held(firesNow, condition("n4", "down"), true)),
                List.of(),
                List.of());
        AlertWrites writes = AlertWrites.of(CELL, List.of(same, reworded, quiet, firesNow), transitions);
        assertThat(writes.fired()).containsExactly(4L);
        assertThat(writes.rewritten()).extracting(AlertWrites.Rewrite::id).containsExactly(2L, 3L);
        assertThat(writes.quieted()).isEmpty();
    }

    @Test
    void aFiringAlertNotHeldNorResolvedTurnsQuietOnce() {
        OpenAlert stopped = open(1, "n1", AlertState.FIRING, false);
        OpenAlert alreadyQuiet = open(2, "n2", AlertState.FIRING, true);
        OpenAlert resolved = open(3, "n3", AlertState.FIRING, true);
        OpenAlert stoppedToo = open(4, "n4", AlertState.FIRING, false);
        OpenAlert pending = open(5, "n5", AlertState.PENDING, false);
        AlertTransitions transitions = new AlertTransitions(
                NOW, List.of(), List.of(), List.of(), List.of(pending), List.of(resolved, stoppedToo));
        AlertWrites writes =
                AlertWrites.of(CELL, List.of(stopped, alreadyQuiet, resolved, stoppedToo, pending), transitions);
        assertThat(writes.quieted()).containsExactly(1L);
        assertThat(writes.forgotten()).containsExactly(5L);
        assertThat(writes.resolved()).containsExactly(3L, 4L);
    }

    @Test
    void aCellNeverEvaluatedRemembersThisEvaluation() {
        AlertTransitions none = new AlertTransitions(NOW, List.of(), List.of(), List.of(), List.of(), List.of());
        assertThat(AlertWrites.of(new EvaluatedCell(7, null), List.of(), none).lastHeldAt())
                .isEqualTo(NOW);
    }
}
