package io.railscope.alert;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * Moves alerts along inactive → pending → firing → resolved as Prometheus does: a condition is pending
 * until it has held {@code for}, then fires; a pending alert whose condition clears is forgotten; a
 * firing one resolves once its condition has been clear for keep-firing-for.
 */
public final class AlertLifecycle {

    private AlertLifecycle() {}

    public static AlertTransitions step(
            List<AlertCondition> conditions,
            List<OpenAlert> open,
            Instant now,
            Function<String, Duration> forOf,
            Duration keepFiringFor) {
        Map<String, OpenAlert> openByFingerprint = new HashMap<>();
        open.forEach(alert -> openByFingerprint.put(alert.fingerprint(), alert));
        List<AlertCondition> started = new ArrayList<>();
        List<AlertCondition> startedFiring = new ArrayList<>();
        List<AlertTransitions.Held> held = new ArrayList<>();
        Map<String, Boolean> seen = new HashMap<>();
        for (AlertCondition condition : conditions) {
            String fingerprint = condition.fingerprint();
            if (seen.put(fingerprint, true) != null) {
                continue;
            }
            OpenAlert alert = openByFingerprint.get(fingerprint);
            if (alert == null) {
                (forOf.apply(condition.alertname()).isZero() ? startedFiring : started).add(condition);
            } else {
                boolean fires = alert.state() == AlertState.PENDING
                        && !alert.activeAt()
                                .plus(forOf.apply(condition.alertname()))
                                .isAfter(now);
                held.add(new AlertTransitions.Held(alert, condition, fires));
            }
        }
        List<OpenAlert> dropped = new ArrayList<>();
        List<OpenAlert> resolved = new ArrayList<>();
        for (OpenAlert alert : open) {
            if (seen.containsKey(alert.fingerprint())) {
                continue;
            }
            if (alert.state() == AlertState.PENDING) {
                dropped.add(alert);
            } else if (!alert.lastActiveAt().plus(keepFiringFor).isAfter(now)) {
                resolved.add(alert);
            }
        }
        return new AlertTransitions(now, started, startedFiring, held, dropped, resolved);
    }
}
