package io.railscope.health;

import io.railscope.config.CellSettings;
import io.railscope.config.Fleet;
import io.railscope.config.RailscopeConfig;
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

    /** Whether a source whose last success was at {@code lastSuccessAt} (null: never) is stale. */
    public boolean isStale(String cell, Instant lastSuccessAt, Instant now) {
        return isStale(lastSuccessAt, staleAfter(cell), now);
    }

    /** Whether a cell collected at {@code collectedAt}, whose sources last succeeded at these times, is stale. */
    public boolean isStale(String cell, Instant collectedAt, List<Instant> sourceSuccesses, Instant now) {
        Duration staleAfter = staleAfter(cell);
        return isStale(collectedAt, staleAfter, now)
                || sourceSuccesses.stream().anyMatch(success -> isStale(success, staleAfter, now));
    }

    /** The rule itself: nothing yet, or nothing for longer than {@code staleAfter}. */
    public static boolean isStale(Instant lastSuccessAt, Duration staleAfter, Instant now) {
        return lastSuccessAt == null || lastSuccessAt.plus(staleAfter).isBefore(now);
    }
}
