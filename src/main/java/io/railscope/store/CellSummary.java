package io.railscope.store;

import io.railscope.model.Health;
import java.time.Instant;
import java.util.List;

/** A cell's health as its last collection derived it; counts are 0 and health UNKNOWN before the first. */
public record CellSummary(
        String cell,
        String kind,
        Instant collectedAt,
        long collectionSeq,
        Health health,
        int nodes,
        int railPorts,
        int portsDown,
        int portsDegraded,
        int neighborWarning,
        int neighborCritical,
        int pools,
        int poolsAtRisk,
        Long primaryFreeBlocks,
        Long primaryTotalBlocks,
        int jobs,
        int jobsDegraded,
        int isolationFindings,
        List<String> reasons,
        List<SourceState> sources) {
}
