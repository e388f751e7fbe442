package io.railscope.notify;

import io.railscope.alert.AlertState;
import io.railscope.alert.StoredAlert;
import io.railscope.notify.NotificationStore.GroupChanges;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Alertmanager's aggregation groups for one receiver: a new group is notified after group_wait; then,
 * at most every group_interval, when an alert started firing or resolved since the last notification,
 * or when repeat_interval passed with alerts still firing. Resolved alerts are sent once, with
 * send_resolved; a group whose alerts all resolved is notified (or not), kept empty for
 * {@link #EMPTY_GROUP_KEPT} and then forgotten. It sees only what the silence stage let through; the
 * notification of a group is written for the receiver's kind by its {@link Notifier}.
 */
final class Grouping {

    /**
     * How long a group stays after its last alert resolved, as Alertmanager keeps an empty aggregation
     * group until its next maintenance (every 30 s): an alert of the group that fires again meanwhile is
     * told at the group's next group_interval, not after a new group_wait.
     */
    static final Duration EMPTY_GROUP_KEPT = Duration.ofSeconds(30);

    private Grouping() {}

    static GroupChanges decide(
            String receiver,
            GroupingRules config,
            Notifier notifier,
            String externalUrl,
            List<StoredAlert> alerts,
            Map<String, NotificationGroup> groups,
            Instant now) {
        Map<String, List<StoredAlert>> byGroup = new LinkedHashMap<>();
        Map<String, Map<String, String>> labelsOf = new LinkedHashMap<>();
        for (StoredAlert alert : alerts) {
            Map<String, String> groupLabels = WebhookPayload.groupLabels(alert.labels(), config.groupBy());
            String key = WebhookPayload.groupKey(groupLabels);
            byGroup.computeIfAbsent(key, k -> new ArrayList<>()).add(alert);
            labelsOf.putIfAbsent(key, groupLabels);
        }
        List<NotificationGroup> save = new ArrayList<>();
        List<String> delete = new ArrayList<>();
        List<String> payloads = new ArrayList<>();
        List<String> payloadKeys = new ArrayList<>();
        Instant nextCheck = null;
        Set<String> keys = new HashSet<>(byGroup.keySet());
        keys.addAll(groups.keySet());
        for (String key : new TreeSet<>(keys)) {
            List<StoredAlert> members = byGroup.getOrDefault(key, List.of());
            NotificationGroup stored = groups.get(key);
            Set<String> firing = new TreeSet<>();
            members.stream().filter(a -> a.state() == AlertState.FIRING).forEach(a -> firing.add(a.fingerprint()));
            // a resolution is state, not an event: the latest of each alert that was told firing and not yet told
            // resolved
            Map<String, StoredAlert> latestResolved = new LinkedHashMap<>();
            members.stream()
                    .filter(a -> a.state() == AlertState.RESOLVED && !firing.contains(a.fingerprint()))
                    .forEach(a -> latestResolved.merge(
                            a.fingerprint(), a, (x, y) -> resolvedAt(y).isAfter(resolvedAt(x)) ? y : x));
            List<StoredAlert> newlyResolved = latestResolved.values().stream()
                    .filter(a -> stored != null
                            && stored.notifiedFiring().contains(a.fingerprint())
                            && !stored.notifiedResolved().contains(a.fingerprint()))
                    .toList();
            if (stored == null && firing.isEmpty()) {
                continue;
            }
            // a new group starts when its first alert started firing: group_wait counts from there, as in Alertmanager
            Instant started = members.stream()
                    .filter(a -> a.state() == AlertState.FIRING)
                    .map(StoredAlert::startsAt)
                    .min(Instant::compareTo)
                    .filter(at -> at.isBefore(now))
                    .orElse(now);
            NotificationGroup group = stored != null
                    ? stored
                    : new NotificationGroup(key, labelsOf.get(key), started, null, Set.of(), Set.of());
            if (stored == null) {
                save.add(group);
            }
            if (firing.isEmpty() && newlyResolved.isEmpty()) {
                // nothing firing and no resolution to tell: its alerts were silenced, resolved before it was notified,
                // or all told resolved
                if (stored != null
                        && (stored.lastNotifiedAt() == null
                                || !stored.lastNotifiedAt()
                                        .plus(EMPTY_GROUP_KEPT)
                                        .isAfter(now))) {
                    delete.add(key);
                }
                continue;
            }
            Instant dueAt = group.lastNotifiedAt() == null
                    ? group.firstSeen().plus(config.groupWait())
                    : group.lastNotifiedAt().plus(config.groupInterval());
            if (dueAt.isAfter(now)) {
                nextCheck = nextCheck == null || dueAt.isBefore(nextCheck) ? dueAt : nextCheck;
                continue;
            }
            boolean changed = !firing.equals(group.notifiedFiring()) || !newlyResolved.isEmpty();
            boolean repeat = !firing.isEmpty()
                    && group.lastNotifiedAt() != null
                    && !group.lastNotifiedAt().plus(config.repeatInterval()).isAfter(now);
            if (!changed && !repeat) {
                Instant repeatAt = group.lastNotifiedAt().plus(config.repeatInterval());
                nextCheck = nextCheck == null || repeatAt.isBefore(nextCheck) ? repeatAt : nextCheck;
                continue;
            }
            // an alert firing again is no longer told resolved: its next resolution is told in turn
            Set<String> resolvedTold = new TreeSet<>(group.notifiedResolved());
            resolvedTold.removeAll(firing);
            newlyResolved.forEach(a -> resolvedTold.add(a.fingerprint()));
            List<StoredAlert> sent = new ArrayList<>(
                    members.stream().filter(a -> a.state() == AlertState.FIRING).toList());
            if (config.sendResolved()) {
                sent.addAll(newlyResolved);
            }
            if (!sent.isEmpty() && (!firing.isEmpty() || config.sendResolved())) {
                payloads.add(notifier.body(
                        WebhookPayload.of(receiver, key, group.groupLabels(), sent, config.maxAlerts(), externalUrl)));
                payloadKeys.add(key);
            }
            save.removeIf(g -> g.groupKey().equals(key));
            save.add(new NotificationGroup(key, group.groupLabels(), group.firstSeen(), now, firing, resolvedTold));
            if (!firing.isEmpty()) {
                Instant intervalAt = now.plus(config.groupInterval());
                nextCheck = nextCheck == null || intervalAt.isBefore(nextCheck) ? intervalAt : nextCheck;
            }
        }
        return new GroupChanges(save, delete, payloads, payloadKeys, nextCheck);
    }

    private static Instant resolvedAt(StoredAlert alert) {
        return alert.resolvedAt() != null ? alert.resolvedAt() : alert.startsAt();
    }
}
