package io.railscope.api;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.railscope.model.CellKind;
import io.railscope.model.Health;
import io.railscope.read.CellDetails.FailedTarget;
import io.railscope.read.CellSummary;
import io.railscope.read.CollectingReplica;
import java.time.Instant;
import java.util.List;

/**
 * A cell's health in the API; {@code failedTargets}, the exporters that did not answer at its last
 * node-metrics collection, only in the answer about one cell; {@code collectedBy}, the replica that collects it
 * now and since when (null while none holds its lease).
 */
public record CellSummaryResponse(
        String name,
        CellKind kind,
        Health health,
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
        List<SourceResponse> sources,
        CollectingReplica collectedBy,
        @JsonInclude(JsonInclude.Include.NON_NULL) List<FailedTarget> failedTargets) {

    /** A source of the cell in the API. */
    public record SourceResponse(
            String source,
            Instant lastAttemptAt,
            Instant lastSuccessAt,
            int lastDurationMs,
            String error,
            boolean stale,
            String problems) {}

    static CellSummaryResponse of(
            CellSummary s, boolean stale, List<SourceResponse> sources, List<FailedTarget> failedTargets) {
        return new CellSummaryResponse(
                s.cell(),
                s.kind(),
                s.health(),
                stale,
                s.collectedAt(),
                s.counts().nodes(),
                s.counts().ports(),
                s.counts().portsDown(),
                s.counts().portsDegraded(),
                s.counts().neighborWarning(),
                s.counts().neighborCritical(),
                s.counts().primaryFreeBlocks(),
                s.counts().primaryTotalBlocks(),
                s.counts().jobs(),
                s.counts().jobsDegraded(),
                s.counts().isolationFindings(),
                s.reasons(),
                sources,
                s.collectedBy(),
                failedTargets);
    }
}
