package io.railscope.collect;

import io.railscope.assess.JobsState;
import io.railscope.assess.KubernetesState;
import io.railscope.assess.NodeMetricsState;
import io.railscope.source.SourceOutcome;
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
        Optional<JobsState> jobs) {}
