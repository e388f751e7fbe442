package io.railscope.alert;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Alerts and their history: each evaluation's rows written per cell, and the reads of pages, API and delivery. */
public interface AlertStore {

    List<OpenAlert> open(String cell);

    /**
     * Locks the cell's row for one evaluation of its alerts, until the caller's transaction ends; empty when the cell
     * is unknown.
     */
    Optional<EvaluatedCell> lockForEvaluation(String cell);

    /**
     * Writes one evaluation's rows of a locked cell, and the cell's evaluation time, in the caller's transaction. An
     * alert that still holds is written only when it starts firing or its annotations or page change: that it is
     * still active is the cell's evaluation time, one row.
     */
    void write(EvaluatedCell cell, AlertWrites writes);

    /** Pending and firing alerts of every cell, and those resolved since {@code resolvedSince}. */
    List<StoredAlert> current(Instant resolvedSince);

    /** Resolved firings, newest first. */
    List<StoredAlert> history(String cell, int limit);

    /** Mean time to resolve per alertname over resolved firings: {@code alertname → [firings, mean seconds]}. */
    Map<String, double[]> meanTimeToResolve(String cell);

    /** Firing alerts per cell. */
    Map<String, Integer> firingByCell();
}
