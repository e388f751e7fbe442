package io.railscope.web;

import io.railscope.model.CellKind;
import io.railscope.model.Health;
import io.railscope.read.CellSummary;
import java.util.List;

/** A cell's summary as the fleet page and cell page header show it. */
public record CellView(
        CellSummary summary, String collected, boolean stale, List<SourceView> sources, int firingAlerts) {

    public String name() {
        return summary.cell();
    }

    public Health health() {
        return summary.health();
    }

    public String healthClass() {
        return summary.health().cssClass();
    }

    public boolean simulated() {
        return summary.kind() == CellKind.SIMULATED;
    }

    /** "1,204 of 4,096 free" for the primary pool, or a dash when unknown. */
    public String primaryHeadroom() {
        if (summary.counts().primaryTotalBlocks() == null || summary.counts().primaryFreeBlocks() == null) {
            return "–";
        }
        return String.format(
                "%,d of %,d free",
                summary.counts().primaryFreeBlocks(), summary.counts().primaryTotalBlocks());
    }
}
