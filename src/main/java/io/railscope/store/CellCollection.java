package io.railscope.store;

import io.railscope.model.SourceKind;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * Everything one collection of one cell produced, committed as a whole. A source that failed has
 * no part here: what it wrote before stays as it was, and its outcome records the error.
 */
public record CellCollection(
        String cell,
        boolean simulated,
        Instant at,
        List<SourceOutcome> outcomes,
        Optional<KubernetesState> kubernetes,
        Optional<NodeMetricsState> nodeMetrics,
        Optional<JobsState> jobs) {

    /**
     * How one source fared in this collection; {@code error} is null on success, {@code problems} what
     * went wrong without failing it (values out of range, exporters down), null when nothing did.
     */
    public record SourceOutcome(SourceKind kind, Instant attemptedAt, long durationMillis, String error, String problems) {

        public SourceOutcome(SourceKind kind, Instant attemptedAt, long durationMillis, String error) {
            this(kind, attemptedAt, durationMillis, error, null);
        }

        public boolean succeeded() {
            return error == null;
        }
    }
}
