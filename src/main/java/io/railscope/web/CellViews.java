package io.railscope.web;

import io.railscope.health.Freshness;
import io.railscope.store.CellSummary;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;

/** Turns stored summaries into what pages show: ages, staleness per source and per cell. */
@ApplicationScoped
public class CellViews {

    private final Freshness freshness;

    public CellViews(Freshness freshness) {
        this.freshness = freshness;
    }

    public CellView of(CellSummary summary, Instant now) {
        var sources = summary.sources().stream()
                .map(source -> new SourceView(source.source(), Ago.of(source.lastSuccessAt(), now),
                        Ago.of(source.lastAttemptAt(), now), source.lastDurationMs(), source.error(),
                        freshness.isStale(summary.cell(), source, now)))
                .toList();
        return new CellView(summary, Ago.of(summary.collectedAt(), now),
                freshness.isStale(summary.cell(), summary.collectedAt(), summary.sources(), now), sources);
    }
}
