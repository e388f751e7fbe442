package io.railscope.read;

import io.railscope.health.CellHealth;
import io.railscope.health.Freshness;
import io.railscope.model.CellKind;
import io.railscope.model.Health;
import java.time.Instant;
import java.util.List;

/**
 * A cell's health as its last collection derived it, from the counts it was judged on; counts are 0 and health
 * UNKNOWN before the first. {@code collectedBy} is null while no replica holds the cell's lease.
 */
public record CellSummary(
        String cell,
        CellKind kind,
        Instant collectedAt,
        long collectionSeq,
        Health health,
        CellHealth.Counts counts,
        List<String> reasons,
        List<SourceState> sources,
        CollectingReplica collectedBy) {

    /** Stale when never collected, collected too long ago, or any of its sources is stale. */
    public boolean isStale(Freshness freshness, Instant now) {
        return freshness.isStale(
                cell,
                collectedAt,
                sources.stream().map(SourceState::lastSuccessAt).toList(),
                now);
    }

    /** Whether one of its sources is stale. */
    public boolean isStale(SourceState source, Freshness freshness, Instant now) {
        return freshness.isStale(cell, source.lastSuccessAt(), now);
    }
}
