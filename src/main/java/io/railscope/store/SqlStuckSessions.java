package io.railscope.store;

import io.agroal.api.AgroalDataSource;
import io.quarkus.agroal.DataSource;
import io.railscope.config.RailscopeConfig;
import io.railscope.read.StuckSession;
import io.railscope.read.StuckSessions;
import io.railscope.replica.ReplicaIdentity;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.List;

/**
 * Finds, in {@code pg_stat_activity}, the sessions of Railscope replicas (their {@code application_name}) that hold a
 * transaction id (they wrote or locked rows) while their replica's heartbeat is older than a lease or gone, and ends
 * them: such a replica's leases have lapsed, so nothing its transaction would commit can be accepted anyway. PostgreSQL shows a session's transaction only to its own role (or a superuser), and lets a role end only
 * its own sessions (or any, with pg_signal_backend): replicas that share one role see and end each other's.
 */
@ApplicationScoped
public class SqlStuckSessions implements StuckSessions {

    private final AgroalDataSource pool;
    private final String self;
    private final Duration lease;

    @Inject
    public SqlStuckSessions(
            @DataSource("leases") AgroalDataSource pool, ReplicaIdentity identity, RailscopeConfig config) {
        this(pool, identity.applicationName(), config.replicas().leaseDuration());
    }

    /** Sessions stuck for longer than {@code lease}, seen from the replica whose sessions are named {@code self}. */
    public SqlStuckSessions(AgroalDataSource pool, String self, Duration lease) {
        this.pool = pool;
        this.self = self;
        this.lease = lease;
    }

    @Override
    public List<StuckSession> find() {
        try (Connection connection = pool.getConnection()) {
            return Rows.list(
                    connection,
                    """
                    SELECT a.pid, a.application_name, r.id AS replica, a.state, a.xact_start,
                           (extract(epoch FROM clock_timestamp() - a.xact_start) * 1000)::bigint AS in_transaction_ms,
                           (extract(epoch FROM clock_timestamp() - r.heartbeat_at) * 1000)::bigint AS silence_ms,
                           a.usename = current_user AS same_role,
                           array(SELECT substr(l.name, 6) FROM lease l
                                  WHERE l.owner = r.id AND l.name LIKE 'cell/%' ORDER BY l.name) AS cells
                      FROM pg_stat_activity a
                      LEFT JOIN replica r ON a.application_name = left(? || r.id, 63)
                     WHERE a.datname = current_database()
                       AND a.application_name LIKE ? AND a.application_name <> ?
                       AND a.pid <> pg_backend_pid()
                       AND a.backend_xid IS NOT NULL
                       AND (r.heartbeat_at IS NULL
                            OR r.heartbeat_at < clock_timestamp() - ? * interval '1 millisecond')
                     ORDER BY a.xact_start""",
                    row -> new StuckSession(
                            row.integer("pid"),
                            row.text("application_name"),
                            row.text("replica"),
                            row.text("state"),
                            row.instant("xact_start"),
                            Duration.ofMillis(row.number("in_transaction_ms")),
                            row.text("replica") == null ? null : Duration.ofMillis(row.number("silence_ms")),
                            row.bool("same_role"),
                            row.strings("cells")),
                    ReplicaIdentity.APPLICATION_PREFIX,
                    ReplicaIdentity.APPLICATION_PREFIX.replace("_", "\\_") + "%",
                    self,
                    lease.toMillis());
        } catch (SQLException e) {
            throw new StoreException("finding stuck sessions of other replicas failed: " + e.getMessage(), e);
        }
    }

    /** Ends the session: its transaction is rolled back and its locks released. False when it had already ended. */
    public boolean end(StuckSession session) {
        try (Connection connection = pool.getConnection()) {
            return Rows.first(
                            connection,
                            "SELECT pg_terminate_backend(?) AS ended",
                            row -> row.bool("ended"),
                            session.pid())
                    .orElse(false);
        } catch (SQLException e) {
            throw new StoreException(
                    "ending session " + session.pid() + " of " + session.applicationName() + " failed: "
                            + e.getMessage(),
                    e);
        }
    }
}
