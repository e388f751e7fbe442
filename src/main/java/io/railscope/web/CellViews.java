package io.railscope.web;

import io.railscope.alert.AlertStore;
import io.railscope.health.Freshness;
import io.railscope.read.CellSummary;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/** Turns stored summaries into what pages show: ages, staleness per source and per cell. */
@ApplicationScoped
public class CellViews {

    private final Freshness freshness;
    private final AlertStore alerts;

    public CellViews(Freshness freshness, AlertStore alerts) {
        this.freshness = freshness;
        this.alerts = alerts;
    }

    /** Every cell's view, with one query for their firing alerts. */
    public List<CellView> of(List<CellSummary> summaries, Instant now) {
        Map<String, Integer> firing = alerts.firingByCell();
        return summaries.stream()
                .map(summary -> of(summary, now, firing.getOrDefault(summary.cell(), 0)))
                .toList();
    }

    public CellView of(CellSummary summary, Instant now) {
        return of(summary, now, alerts.firingByCell().getOrDefault(summary.cell(), 0));
    }

    private CellView of(CellSummary summary, Instant now, int firingAlerts) {
        var sources = summary.sources().stream()
                .map(source -> new SourceView(
                        source.source().label(),
                        Ago.of(source.lastSuccessAt(), now),
                        Ago.of(source.lastAttemptAt(), now),
                        source.lastDurationMs(),
                        source.error(),
                        summary.isStale(source, freshness, now),
                        source.problems()))
                .toList();
        return new CellView(
                summary, Ago.of(summary.collectedAt(), now), summary.isStale(freshness, now), sources, firingAlerts);
    }
}
