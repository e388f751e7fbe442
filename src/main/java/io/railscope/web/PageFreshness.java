package io.railscope.web;

import io.railscope.read.CellReads;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Clock;

/** When a cell's data was collected and whether it is stale, for the pages that show part of a cell. */
@ApplicationScoped
public class PageFreshness {

    private final CellReads reads;
    private final CellViews views;
    private final Clock clock;

    public PageFreshness(CellReads reads, CellViews views, Clock clock) {
        this.clock = clock;
        this.reads = reads;
        this.views = views;
    }

    /** The cell's view, or null before its first collection. */
    public CellView of(String cell) {
        return reads.fleet().stream()
                .filter(summary -> summary.cell().equals(cell))
                .findFirst()
                .map(summary -> views.of(summary, clock.instant()))
                .orElse(null);
    }
}
