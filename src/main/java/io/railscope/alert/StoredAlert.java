package io.railscope.alert;

import java.time.Duration;
import java.time.Instant;
import java.util.Map;

/** An alert as stored: pending, firing or resolved, with its labels and times. */
public record StoredAlert(
        long id,
        String fingerprint,
        String cell,
        String alertname,
        Severity severity,
        Map<String, String> labels,
        Map<String, String> annotations,
        AlertState state,
        Instant activeAt,
        Instant firedAt,
        Instant resolvedAt,
        String generatorUrl) {

    /** When it started firing (or became pending, while pending). */
    public Instant startsAt() {
        return firedAt != null ? firedAt : activeAt;
    }

    /** How long it fired, to its resolution or to now. */
    public Duration firingFor(Instant now) {
        return firedAt == null ? Duration.ZERO : Duration.between(firedAt, resolvedAt == null ? now : resolvedAt);
    }
}
