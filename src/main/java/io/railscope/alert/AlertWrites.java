package io.railscope.alert;

import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The rows one evaluation of a locked cell writes: alerts opened, pending ones that fire now, held ones whose
 * annotations or page changed (or that were quiet), pending ones forgotten, firing ones resolved, and firing ones whose
 * condition stopped holding now ({@code quieted}), which remember {@code lastHeldAt} as the last evaluation it held at.
 *
 * @param lastHeldAt the cell's previous evaluation, or this one when there was none
 */
public record AlertWrites(
        Instant at,
        List<NewAlert> opened,
        List<Long> fired,
        List<Rewrite> rewritten,
        List<Long> forgotten,
        List<Long> resolved,
        List<Long> quieted,
        Instant lastHeldAt) {

    /** An alert opened now: pending, or firing at once ({@code firedAt} set) when its rule has no {@code for}. */
    public record NewAlert(
            String fingerprint,
            String alertname,
            Severity severity,
            Map<String, String> labels,
            Map<String, String> annotations,
            AlertState state,
            Instant firedAt,
            String generatorUrl) {

        static NewAlert of(AlertCondition condition, AlertState state, Instant firedAt) {
            return new NewAlert(
                    condition.fingerprint(),
                    condition.alertname(),
                    Severity.fromLabel(condition.labels().get("severity")),
                    condition.labels(),
                    condition.annotations(),
                    state,
                    firedAt,
                    condition.generatorUrl());
        }
    }

    /** A held alert's annotations and page as found now; writing them ends its quiet spell. */
    public record Rewrite(long id, Map<String, String> annotations, String generatorUrl) {}

    /**
     * The rows of {@code transitions}, stepped for {@code cell}; {@code open} are its open alerts as read under the
     * cell's lock, of which the firing ones neither held nor resolved now turn quiet.
     */
    public static AlertWrites of(EvaluatedCell cell, List<OpenAlert> open, AlertTransitions transitions) {
        Instant at = transitions.at();
        List<NewAlert> opened = new ArrayList<>();
        transitions.started().forEach(condition -> opened.add(NewAlert.of(condition, AlertState.PENDING, null)));
        transitions.startedFiring().forEach(condition -> opened.add(NewAlert.of(condition, AlertState.FIRING, at)));
        Set<Long> held = new HashSet<>();
        List<Long> fired = new ArrayList<>();
        List<Rewrite> rewritten = new ArrayList<>();
        for (AlertTransitions.Held alert : transitions.held()) {
            held.add(alert.alert().id());
            if (alert.fires()) {
                fired.add(alert.alert().id());
            }
            if (alert.alert().differsFrom(alert.condition())) {
                rewritten.add(new Rewrite(
                        alert.alert().id(),
                        alert.condition().annotations(),
                        alert.condition().generatorUrl()));
            }
        }
        List<Long> resolved = transitions.resolved().stream().map(OpenAlert::id).toList();
        List<Long> quieted = open.stream()
                .filter(alert -> alert.state() == AlertState.FIRING
                        && !alert.quiet()
                        && alert.activeAt().isBefore(at)
                        && !held.contains(alert.id())
                        && !resolved.contains(alert.id()))
                .map(OpenAlert::id)
                .toList();
        return new AlertWrites(
                at,
                opened,
                fired,
                rewritten,
                transitions.dropped().stream().map(OpenAlert::id).toList(),
                resolved,
                quieted,
                cell.evaluatedAt() == null ? at : cell.evaluatedAt());
    }
}
