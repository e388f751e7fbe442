package io.railscope.health;

import io.railscope.config.CellSettings;
import io.railscope.config.Fleet;
import io.railscope.config.RailscopeConfig;
import io.railscope.store.SourceState;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * Whether a cell's data is current. A source is stale when its last success is older than
 * {@code railscope.collect.stale-after-intervals} intervals of its cell (or it never succeeded and
 * has been tried); a cell is stale when any of its sources is, or it was never collected.
 */
@ApplicationScoped
public class Freshness {

    private final Fleet fleet;
    private final int staleAfterIntervals;

    public Freshness(Fleet fleet, RailscopeConfig config) {
        this.fleet = fleet;
        this.staleAfterIntervals = config.collect().staleAfterIntervals();
    }

    public Duration staleAfter(String cell) {
        Duration interval = fleet.cell(cell).map(CellSettings::interval).orElse(Duration.ofSeconds(30));
        return interval.multipliedBy(staleAfterIntervals);
    }

    public boolean isStale(String cell, SourceState source, Instant now) {
        if (source.lastSuccessAt() == null) {
            return true;
        }
        return source.lastSuccessAt().plus(staleAfter(cell)).isBefore(now);
    }

    public boolean isStale(String cell, Instant collectedAt, List<SourceState> sources, Instant now) {
        if (collectedAt == null || collectedAt.plus(staleAfter(cell)).isBefore(now)) {
            return true;
        }
        return sources.stream().anyMatch(source -> isStale(cell, source, now));
    }
}
