package io.railscope.store;

import io.agroal.api.AgroalDataSource;
import io.railscope.notify.AlertmanagerPush;
import io.railscope.notify.NotificationGroup;
import io.railscope.notify.NotificationStore;
import io.railscope.notify.NotificationStore.GroupChanges;
import io.railscope.notify.OutboxEntry;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Webhook groups and the outbox. A receiver's groups are decided and their notifications queued in one
 * transaction under an advisory lock, so two replicas never notify the same group twice. Delivery is a
 * state machine in the outbox: claimed (one statement), sent outside any transaction, recorded; a
 * restart does not send a recorded notification again, and a claim left by a replica that died
 * between send and record expires and is sent again with the same idempotency key (at least once:
 * exactly once cannot be had without the receiver's help, which the key gives it).
 */
@ApplicationScoped
public class SqlNotificationStore implements NotificationStore {

    private static final long GROUPING_LOCK = 0x5261696c7363L;

    private final AgroalDataSource dataSource;

    public SqlNotificationStore(AgroalDataSource dataSource) {
        this.dataSource = dataSource;
    }

    @Transactional(Transactional.TxType.MANDATORY)
    @Override
    public boolean lockGrouping() {
        try (Connection connection = dataSource.getConnection()) {
            return Rows.list(
                            connection,
                            "SELECT pg_try_advisory_xact_lock(?) AS locked",
                            row -> row.bool("locked"),
                            GROUPING_LOCK)
                    .get(0);
        } catch (SQLException e) {
            throw new StoreException("taking the grouping lock failed: " + e.getMessage(), e);
        }
    }

    @Transactional(Transactional.TxType.MANDATORY)
    @Override
    public Map<String, NotificationGroup> groups(String receiver) {
        try (Connection connection = dataSource.getConnection()) {
            Map<String, NotificationGroup> groups = new LinkedHashMap<>();
            Rows.list(
                    connection,
                    """
                    SELECT group_key, group_labels::text AS group_labels, first_seen, last_notified_at, notified_firing, notified_resolved
                      FROM notification_group WHERE receiver = ?""",
                    row -> groups.put(
                            row.text("group_key"),
                            new NotificationGroup(
                                    row.text("group_key"),
                                    row.stringMap("group_labels"),
                                    row.instant("first_seen"),
                                    row.instant("last_notified_at"),
                                    new HashSet<>(row.strings("notified_firing")),
                                    new HashSet<>(row.strings("notified_resolved")))),
                    receiver);
            return groups;
        } catch (SQLException e) {
            throw new StoreException("reading the groups of receiver " + receiver + " failed: " + e.getMessage(), e);
        }
    }

    @Transactional(Transactional.TxType.MANDATORY)
    @Override
    public Instant write(String receiver, String url, int outboxLimit, Instant now, GroupChanges changes) {
        try (Connection connection = dataSource.getConnection()) {
            for (NotificationGroup group : changes.save()) {
                SqlStatements.update(
                        connection,
                        """
                        INSERT INTO notification_group (receiver, group_key, group_labels, first_seen, last_notified_at, notified_firing, notified_resolved)
                        VALUES (?, ?, ?::jsonb, ?, ?, ?, ?)
                        ON CONFLICT (receiver, group_key) DO UPDATE SET last_notified_at = EXCLUDED.last_notified_at,
                               notified_firing = EXCLUDED.notified_firing, notified_resolved = EXCLUDED.notified_resolved""",
                        receiver,
                        group.groupKey(),
                        JsonColumns.write(group.groupLabels()),
                        group.firstSeen(),
                        group.lastNotifiedAt(),
                        connection.createArrayOf("text", group.notifiedFiring().toArray()),
                        connection.createArrayOf(
                                "text", group.notifiedResolved().toArray()));
            }
            for (String key : changes.delete()) {
                SqlStatements.update(
                        connection,
                        "DELETE FROM notification_group WHERE receiver = ? AND group_key = ?",
                        receiver,
                        key);
            }
            for (int i = 0; i < changes.payloads().size(); i++) {
                String groupKey = changes.payloadGroupKeys().get(i);
                // the group's state is what its newest notification says: an older one not yet delivered need not be
                SqlStatements.update(connection, """
                        UPDATE notification_outbox SET superseded_at = ?
                         WHERE receiver = ? AND group_key = ? AND delivered_at IS NULL AND superseded_at IS NULL""", now, receiver, groupKey);
                long seq = Rows.list(
                                connection,
                                "SELECT coalesce(max(seq), 0) + 1 AS seq FROM notification_outbox WHERE receiver = ? AND group_key = ?",
                                row -> row.number("seq"),
                                receiver,
                                groupKey)
                        .get(0);
                SqlStatements.update(
                        connection,
                        """
                        INSERT INTO notification_outbox (receiver, url, group_key, payload, created_at, next_attempt_at, seq, idempotency_key)
                        VALUES (?, ?, ?, ?, ?, ?, ?, ?)""",
                        receiver,
                        url,
                        groupKey,
                        changes.payloads().get(i),
                        now,
                        now,
                        seq,
                        idempotencyKey(receiver, groupKey, seq));
            }
            if (!changes.payloads().isEmpty()) {
                SqlStatements.update(connection, """
                        DELETE FROM notification_outbox WHERE id IN (
                            SELECT id FROM notification_outbox WHERE delivered_at IS NULL ORDER BY id DESC OFFSET ?)""", outboxLimit);
            }
            return changes.nextCheck();
        } catch (SQLException e) {
            throw new StoreException("grouping for receiver " + receiver + " failed: " + e.getMessage(), e);
        }
    }

    /**
     * Claims up to {@code limit} notifications due for an attempt, oldest first, for {@code claimant} until
     * {@code claimUntil}: one statement, so two replicas never claim the same one; a claim that expired
     * (its replica died between send and record) is taken again. Nothing is held open while sending.
     */
    @Override
    public List<OutboxEntry> claim(String claimant, String receiver, Instant now, Instant claimUntil, int limit) {
        try (Connection connection = dataSource.getConnection()) {
            return Rows.list(
                    connection, """
                    UPDATE notification_outbox o SET claimed_by = ?, claim_expires_at = ?
                     WHERE id IN (SELECT id FROM notification_outbox
                                   WHERE receiver = ? AND delivered_at IS NULL AND superseded_at IS NULL AND next_attempt_at <= ?
                                     AND (claim_expires_at IS NULL OR claim_expires_at < ?)
                                   ORDER BY id LIMIT ? FOR UPDATE SKIP LOCKED)
                    RETURNING id, receiver, url, group_key, payload, created_at, attempts, next_attempt_at, delivered_at, last_error,
                              idempotency_key""", SqlNotificationStore::entry, claimant, claimUntil, receiver, now, now, limit);
        } catch (SQLException e) {
            throw new StoreException("claiming notifications failed: " + e.getMessage(), e);
        }
    }

    /** Records what the receiver answered to a claimed notification: delivered, or the error and the next attempt. */
    @Override
    public void record(OutboxEntry entry, String claimant, String error, Instant at, Instant nextAttempt) {
        try (Connection connection = dataSource.getConnection()) {
            if (error == null) {
                SqlStatements.update(connection, """
                        UPDATE notification_outbox SET delivered_at = ?, attempts = attempts + 1, last_error = NULL, claimed_by = NULL,
                               claim_expires_at = NULL WHERE id = ?""", at, entry.id());
            } else {
                SqlStatements.update(connection, """
                        UPDATE notification_outbox SET attempts = attempts + 1, last_error = ?, next_attempt_at = ?, claimed_by = NULL,
                               claim_expires_at = NULL WHERE id = ? AND claimed_by = ?""", error, nextAttempt, entry.id(), claimant);
            }
        } catch (SQLException e) {
            throw new StoreException("recording a delivery failed: " + e.getMessage(), e);
        }
    }

    /** When the next notification falls due, or null when none waits. */
    @Override
    public Instant nextDue() {
        try (Connection connection = dataSource.getConnection()) {
            List<Instant> next = Rows.list(connection, """
                    SELECT min(greatest(next_attempt_at, coalesce(claim_expires_at, next_attempt_at))) AS due FROM notification_outbox
                     WHERE delivered_at IS NULL AND superseded_at IS NULL""", row -> row.instant("due"));
            return next.isEmpty() ? null : next.get(0);
        } catch (SQLException e) {
            throw new StoreException("reading the outbox failed: " + e.getMessage(), e);
        }
    }

    /** A key a receiver can drop repeats by: the same for every attempt of one notification, different for the next one of its group. */
    static String idempotencyKey(String receiver, String groupKey, long seq) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256")
                    .digest((receiver + "\u0000" + groupKey).getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(digest, 0, 12) + "-" + seq;
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The newest notifications, undelivered first: for the alerts page and tests. */
    @Override
    public List<OutboxEntry> recent(int limit) {
        try (Connection connection = dataSource.getConnection()) {
            return Rows.list(connection, """
                    SELECT id, receiver, url, group_key, payload, created_at, attempts, next_attempt_at, delivered_at, last_error,
                           idempotency_key
                      FROM notification_outbox WHERE superseded_at IS NULL ORDER BY delivered_at IS NOT NULL, id DESC LIMIT ?""", SqlNotificationStore::entry, limit);
        } catch (SQLException e) {
            throw new StoreException("reading notifications failed: " + e.getMessage(), e);
        }
    }

    /** Records a push to an Alertmanager. */
    @Override
    public void pushed(String url, Instant at, int alerts, String error) {
        try (Connection connection = dataSource.getConnection()) {
            SqlStatements.update(connection, """
                    INSERT INTO alertmanager_push (url, last_attempt, last_success, alerts, error) VALUES (?, ?, ?, ?, ?)
                    ON CONFLICT (url) DO UPDATE SET last_attempt = EXCLUDED.last_attempt, alerts = EXCLUDED.alerts, error = EXCLUDED.error,
                           last_success = coalesce(EXCLUDED.last_success, alertmanager_push.last_success)""", url, at, error == null ? at : null, alerts, error);
        } catch (SQLException e) {
            throw new StoreException("recording a push failed: " + e.getMessage(), e);
        }
    }

    /** Each Alertmanager's last push. */
    @Override
    public List<AlertmanagerPush> pushes() {
        try (Connection connection = dataSource.getConnection()) {
            return Rows.list(
                    connection,
                    "SELECT url, last_attempt, last_success, alerts, error FROM alertmanager_push ORDER BY url",
                    row -> new AlertmanagerPush(
                            row.text("url"),
                            row.instant("last_attempt"),
                            row.instant("last_success"),
                            row.integer("alerts"),
                            row.text("error")));
        } catch (SQLException e) {
            throw new StoreException("reading pushes failed: " + e.getMessage(), e);
        }
    }

    private static OutboxEntry entry(Row row) throws SQLException {
        return new OutboxEntry(
                row.number("id"),
                row.text("receiver"),
                row.text("url"),
                row.text("group_key"),
                row.text("payload"),
                row.instant("created_at"),
                row.integer("attempts"),
                row.instant("next_attempt_at"),
                row.instant("delivered_at"),
                row.text("last_error"),
                row.text("idempotency_key"));
    }
}
