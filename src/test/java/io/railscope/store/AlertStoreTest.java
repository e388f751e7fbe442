package io.railscope.store;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.junit.QuarkusTest;
import io.railscope.TestDatabase;
import io.railscope.alert.AlertCondition;
import io.railscope.alert.AlertEvaluation;
import io.railscope.alert.AlertLifecycle;
import io.railscope.alert.AlertState;
import io.railscope.alert.AlertStore;
import io.railscope.alert.OpenAlert;
import jakarta.inject.Inject;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * Alerts through the store across evaluations, with keep-firing-for: a held alert is not rewritten
 * (its last active time is the cell's last evaluation), one whose condition stops holding remembers
 * the last evaluation it held at, and resolves keep-firing-for after that.
 */
@QuarkusTest
class AlertStoreTest {

    private static final Duration KEEP_FIRING_FOR = Duration.ofSeconds(30);
    private static final String CELL = "alert-store";

    @Inject
    AlertEvaluation evaluation;

    @Inject
    AlertStore store;

    @Inject
    TestDatabase db;

    @Test
    void lastActiveIsTheLastEvaluationItHeldAt() {
        db.execute(
                "INSERT INTO cell (name, kind) VALUES (?, 'SIMULATED') ON CONFLICT (name) DO UPDATE SET alerts_evaluated_at = NULL",
                CELL);
        db.execute("DELETE FROM alert WHERE cell_id = (SELECT id FROM cell WHERE name = ?)", CELL);
        AlertCondition down = condition("n1", "down");
        Instant t0 = Instant.now().truncatedTo(ChronoUnit.MILLIS);

        evaluate(List.of(down), t0);
        assertThat(only().state()).isEqualTo(AlertState.FIRING);

        Instant t1 = t0.plusSeconds(10);
        evaluate(List.of(down), t1);
        assertThat(only().lastActiveAt()).isEqualTo(t1);
        assertThat(db.number(
                        "SELECT count(*) FROM alert a JOIN cell c ON c.id = a.cell_id WHERE c.name = ? AND a.last_active_at IS NULL",
                        CELL))
                .isEqualTo(1);

        // a new description is written; the alert stays one row
        evaluate(List.of(condition("n1", "down, 3 flaps")), t0.plusSeconds(15));
        assertThat(db.text(
                        "SELECT a.annotations ->> 'summary' FROM alert a JOIN cell c ON c.id = a.cell_id WHERE c.name = ?",
                        CELL))
                .isEqualTo("down, 3 flaps");

        Instant t2 = t0.plusSeconds(20);
        evaluate(List.of(), t2);
        assertThat(only().state()).isEqualTo(AlertState.FIRING);
        assertThat(only().lastActiveAt()).isEqualTo(t0.plusSeconds(15));

        // back within keep-firing-for: active again, then gone again from a later evaluation
        evaluate(List.of(down), t0.plusSeconds(25));
        assertThat(only().lastActiveAt()).isEqualTo(t0.plusSeconds(25));
        evaluate(List.of(), t0.plusSeconds(30));
        evaluate(List.of(), t0.plusSeconds(50));
        assertThat(only().lastActiveAt()).isEqualTo(t0.plusSeconds(25));
        assertThat(only().state()).isEqualTo(AlertState.FIRING);

        evaluate(List.of(), t0.plusSeconds(55));
        assertThat(store.open(CELL)).isEmpty();
        assertThat(db.text("SELECT a.state FROM alert a JOIN cell c ON c.id = a.cell_id WHERE c.name = ?", CELL))
                .isEqualTo("RESOLVED");
    }

    @Test
    void twoReplicasEvaluatingOneCellOpenEachAlertOnce() throws Exception {
        db.execute(
                "INSERT INTO cell (name, kind) VALUES (?, 'SIMULATED') ON CONFLICT (name) DO UPDATE SET alerts_evaluated_at = NULL",
                CELL);
        db.execute("DELETE FROM alert WHERE cell_id = (SELECT id FROM cell WHERE name = ?)", CELL);
        List<AlertCondition> conditions = IntStream.range(0, 20)
                .mapToObj(i -> condition("gpu-" + i, "down"))
                .toList();
        Instant now = Instant.now();
        ExecutorService replicas = Executors.newFixedThreadPool(2);
        List<Future<?>> runs = new ArrayList<>();
        for (int replica = 0; replica < 2; replica++) {
            runs.add(replicas.submit(() -> evaluation.run(
                    CELL, open -> AlertLifecycle.step(conditions, open, now, name -> Duration.ZERO, KEEP_FIRING_FOR))));
        }
        for (Future<?> run : runs) {
            run.get();
        }
        replicas.shutdown();
        assertThat(store.open(CELL)).hasSize(20);
        assertThat(db.number("SELECT count(*) FROM alert a JOIN cell c ON c.id = a.cell_id WHERE c.name = ?", CELL))
                .isEqualTo(20);
    }

    private void evaluate(List<AlertCondition> conditions, Instant now) {
        evaluation.apply(
                CELL, AlertLifecycle.step(conditions, store.open(CELL), now, name -> Duration.ZERO, KEEP_FIRING_FOR));
    }

    private OpenAlert only() {
        List<OpenAlert> open = store.open(CELL);
        assertThat(open).hasSize(1);
        return open.get(0);
    }

    private static AlertCondition condition(String node, String summary) {
        return new AlertCondition(
                Map.of("alertname", "RailPortDown", "severity", "critical", "cell", CELL, "node", node),
                Map.of("summary", summary, "description", ""),
                "http://railscope/cells/" + CELL + "/nodes/" + node);
    }
}
