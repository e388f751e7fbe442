package io.railscope.alert;

import java.time.Instant;
import java.util.List;

/**
 * What one evaluation changes: conditions that became pending (or firing at once with no {@code for}),
 * alerts that still hold (and those among them that now fire), pending alerts whose condition cleared
 * (forgotten), and firing alerts resolved after keep-firing-for.
 */
public record AlertTransitions(
        Instant at,
        List<AlertCondition> started,
        List<AlertCondition> startedFiring,
        List<Held> held,
        List<OpenAlert> dropped,
        List<OpenAlert> resolved) {

    /** An open alert whose condition holds now; {@code fires} when it turns from pending to firing. */
    public record Held(OpenAlert alert, AlertCondition condition, boolean fires) {}

    public boolean changesNotifications() {
        return !startedFiring.isEmpty() || !resolved.isEmpty() || held.stream().anyMatch(Held::fires);
    }
}
