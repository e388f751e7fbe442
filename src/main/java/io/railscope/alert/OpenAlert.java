package io.railscope.alert;

import java.time.Instant;
import java.util.Map;

/**
 * An alert that is pending or firing, as stored.
 *
 * @param lastActiveAt when its condition last held
 * @param quiet        its condition did not hold at the last evaluation (it fires on through keep-firing-for)
 */
public record OpenAlert(
        long id,
        String fingerprint,
        String alertname,
        AlertState state,
        Instant activeAt,
        Instant firedAt,
        Instant lastActiveAt,
        Map<String, String> annotations,
        String generatorUrl,
        boolean quiet) {

    /** Whether the condition found now says something else than what is stored, or the alert was quiet: it must be written. */
    public boolean differsFrom(AlertCondition condition) {
        return quiet || !annotations.equals(condition.annotations()) || !generatorUrl.equals(condition.generatorUrl());
    }
}
