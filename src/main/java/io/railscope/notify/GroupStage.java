package io.railscope.notify;

import io.quarkus.narayana.jta.QuarkusTransaction;
import io.railscope.alert.StoredAlert;
import io.railscope.config.AlertsConfig;
import io.railscope.notify.NotificationStore.GroupChanges;
import java.time.Instant;
import java.util.List;

/**
 * The group stage of one receiver, Alertmanager's group wait and dedup: the alerts the silence stage let through are
 * grouped, and the notification of each group whose time has come and whose alerts changed (or whose repeat
 * interval passed) is written for the receiver's kind and queued in the outbox, in one transaction per receiver.
 */
final class GroupStage implements Stage<List<StoredAlert>, Instant> {

    private final String receiver;
    private final String url;
    private final GroupingRules rules;
    private final Notifier notifier;
    private final String externalUrl;
    private final int outboxLimit;
    private final NotificationStore store;

    GroupStage(String receiver, AlertsConfig.Receiver config, AlertsConfig alerts, NotificationStore store) {
        this.receiver = receiver;
        this.url = config.url().toString();
        this.rules = GroupingRules.of(config);
        this.notifier = Notifier.of(receiver, config);
        this.externalUrl = alerts.externalUrl();
        this.outboxLimit = alerts.outboxLimit();
        this.store = store;
    }

    /** Groups {@code alerts}; returns when a group of this receiver falls due next (null: none, or another replica's turn). */
    @Override
    public Instant run(List<StoredAlert> alerts, Instant now) {
        return QuarkusTransaction.joiningExisting().call(() -> {
            if (!store.lockGrouping()) {
                return null;
            }
            GroupChanges changes =
                    Grouping.decide(receiver, rules, notifier, externalUrl, alerts, store.groups(receiver), now);
            return store.write(receiver, url, outboxLimit, now, changes);
        });
    }
}
