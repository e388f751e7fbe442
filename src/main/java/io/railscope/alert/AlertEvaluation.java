package io.railscope.alert;

import io.quarkus.narayana.jta.QuarkusTransaction;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import java.util.function.Function;

/**
 * One evaluation of a cell's alerts, in one transaction: the cell locked, its open alerts read, stepped through the
 * lifecycle, and the transitions written. Two replicas evaluating one cell take turns, and the second steps from what
 * the first wrote: no alert is opened twice. The store reads and writes the rows; the lifecycle runs here.
 */
@ApplicationScoped
public class AlertEvaluation {

    private final AlertStore store;

    public AlertEvaluation(AlertStore store) {
        this.store = store;
    }

    /** @return the transitions written, or null when the cell is unknown */
    public AlertTransitions run(String cell, Function<List<OpenAlert>, AlertTransitions> step) {
        return QuarkusTransaction.joiningExisting().call(() -> {
            EvaluatedCell locked = store.lockForEvaluation(cell).orElse(null);
            if (locked == null) {
                return null;
            }
            List<OpenAlert> open = store.open(cell);
            AlertTransitions transitions = step.apply(open);
            store.write(locked, AlertWrites.of(locked, open, transitions));
            return transitions;
        });
    }

    /** Writes transitions already stepped, as one evaluation. */
    public void apply(String cell, AlertTransitions transitions) {
        run(cell, open -> transitions);
    }
}
