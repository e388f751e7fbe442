package io.railscope.alert;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/** Alerts and their history: the lifecycle's transitions written per cell, and the reads of pages, API and delivery. */
public interface AlertStore {

    List<OpenAlert> open(String cell);

    /**
     * One evaluation of a cell's alerts: the cell locked, its open alerts read and stepped by {@code step},
     * the transitions written, in one transaction. Two replicas evaluating one cell take turns, and the
     * second steps from what the first wrote: no alert is opened twice.
     *
     * @return the transitions written, or null when the cell is unknown
     */
    AlertTransitions evaluate(String cell, Function<List<OpenAlert>, AlertTransitions> step);

    /**
     * Writes one evaluation's transitions of a cell in one transaction. An alert that still holds is
     * written only when it starts firing or its annotations or page change: that it is still active is
     * the cell's evaluation time, one row.
     */
    void apply(String cell, AlertTransitions transitions);

    /** Pending and firing alerts of every cell, and those resolved since {@code resolvedSince}. */
    List<StoredAlert> current(Instant resolvedSince);

    /** Resolved firings, newest first. */
    List<StoredAlert> history(String cell, int limit);

    /** Mean time to resolve per alertname over resolved firings: {@code alertname → [firings, mean seconds]}. */
    Map<String, double[]> meanTimeToResolve(String cell);

    /** Firing alerts per cell. */
    Map<String, Integer> firingByCell();
}
