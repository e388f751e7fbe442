package io.railscope.notify;

import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * Receivers' groups and the outbox. A receiver's groups are read, decided (by the group stage) and their
 * notifications queued in one transaction under an advisory lock, so two replicas never notify the same group twice. Delivery is a
 * state machine in the outbox: claimed (one statement), sent outside any transaction, recorded; a
 * restart does not send a recorded notification again, and a claim left by a replica that died
 * between send and record expires and is sent again with the same idempotency key (at least once:
 * exactly once cannot be had without the receiver's help, which the key gives it).
 */
public interface NotificationStore {

    /**
     * Takes, for the caller's transaction, the lock under which one replica at a time groups; false when another
     * replica holds it.
     */
    boolean lockGrouping();

    /** A receiver's groups as last written, by group key, in the caller's transaction. */
    Map<String, NotificationGroup> groups(String receiver);

    /**
     * Writes one grouping pass of a receiver in the caller's transaction: groups saved and deleted, notifications
     * queued (each supersedes its group's undelivered older one), the outbox kept to {@code outboxLimit}.
     *
     * @return when a group of this receiver falls due next
     */
    Instant write(String receiver, String url, int outboxLimit, Instant now, GroupChanges changes);

    /**
     * Claims up to {@code limit} notifications due for an attempt, oldest first, for {@code claimant} until
     * {@code claimUntil}: one statement, so two replicas never claim the same one; a claim that expired
     * (its replica died between send and record) is taken again. Nothing is held open while sending.
     */
    List<OutboxEntry> claim(String claimant, String receiver, Instant now, Instant claimUntil, int limit);

    /** Records what the receiver answered to a claimed notification: delivered, or the error and the next attempt. */
    void record(OutboxEntry entry, String claimant, String error, Instant at, Instant nextAttempt);

    /** When the next notification falls due, or null when none waits. */
    Instant nextDue();

    /** The newest notifications, undelivered first: for the alerts page and tests. */
    List<OutboxEntry> recent(int limit);

    /** Records a push to an Alertmanager. */
    void pushed(String url, Instant at, int alerts, String error);

    /** Each Alertmanager's last push. */
    List<AlertmanagerPush> pushes();

    /** The decision of one grouping pass over one receiver's groups. */
    record GroupChanges(
            List<NotificationGroup> save,
            List<String> delete,
            List<String> payloads,
            List<String> payloadGroupKeys,
            Instant nextCheck) {}
}
