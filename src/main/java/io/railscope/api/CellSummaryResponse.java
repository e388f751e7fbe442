package io.railscope.api;

import io.railscope.store.CellSummary;
import java.time.Instant;
import java.util.List;

/** A cell's health in the API. */
public record CellSummaryResponse(
        String name,
        String kind,
        String health,
        boolean stale,
        Instant collectedAt,
        int nodes,
        int railPorts,
        int portsDown,
        int portsDegraded,
        int neighborWarning,
        int neighborCritical,
        Long primaryFreeNodeBlocks,
        Long primaryTotalNodeBlocks,
        int jobs,
        int jobsDegraded,
        int isolationFindings,
        List<String> reasons,
        List<SourceResponse> sources) {

    /** A source of the cell in the API. */
    public record SourceResponse(String source, Instant lastAttemptAt, Instant lastSuccessAt, int lastDurationMs, String error,
            boolean stale) {
    }

    static CellSummaryResponse of(CellSummary s, boolean stale, List<SourceResponse> sources) {
        return new CellSummaryResponse(s.cell(), s.kind(), s.health().name(), stale, s.collectedAt(), s.nodes(), s.railPorts(),
                s.portsDown(), s.portsDegraded(), s.neighborWarning(), s.neighborCritical(), s.primaryFreeBlocks(),
                s.primaryTotalBlocks(), s.jobs(), s.jobsDegraded(), s.isolationFindings(), s.reasons(), sources);
    }
}
