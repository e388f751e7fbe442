package io.railscope.store;

import io.agroal.api.AgroalDataSource;
import io.quarkus.agroal.DataSource;
import io.railscope.config.RailscopeConfig;
import io.railscope.replica.Fence;
import io.railscope.replica.Lease;
import io.railscope.replica.LeaseBusyException;
import io.railscope.replica.LeaseStore;
import io.railscope.replica.Standing;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.Optional;

/**
 * Replicas and leases in PostgreSQL, through a small pool of their own ({@code quarkus.datasource.leases}, the same
 * database) so that busy collections cannot delay a heartbeat. Every call is one short transaction whose statements
 * may run at most {@code statementTimeout} and wait on a lock at most half of it; a lease row another session holds
 * locked is skipped ({@code NOWAIT}, {@code SKIP LOCKED}), never waited for. Times are {@code clock_timestamp()}: an
 * expiry written after a wait starts from when it is written.
 */
@ApplicationScoped
public class SqlLeaseStore implements LeaseStore {

    /** A replica row this many lease durations old belongs to a replica long gone, and is dropped. */
    private static final int FORGET_AFTER_LEASES = 100;

    /** PostgreSQL's SQLSTATE for a lock NOWAIT could not take. */
    private static final String LOCK_NOT_AVAILABLE = "55P03";

    private static final String COLUMNS = "name, owner, epoch, acquired_at, expires_at";

    /** Where the store's connections come from. */
    @FunctionalInterface
    public interface Connections {
        Connection open() throws SQLException;
    }

    private final Connections connections;
    private final Duration statementTimeout;

    @Inject
    public SqlLeaseStore(@DataSource("leases") AgroalDataSource pool, RailscopeConfig config) {
        this(pool::getConnection, config.replicas().heartbeatInterval());
    }

    /** A store whose statements run at most {@code statementTimeout}: at most one heartbeat interval. */
    public SqlLeaseStore(Connections connections, Duration statementTimeout) {
        this.connections = connections;
        this.statementTimeout = statementTimeout;
    }

    @Override
    public List<String> heartbeat(String replica, Duration ttl) {
        return inTransaction("heartbeat of " + replica, connection -> {
            SqlStatements.update(connection, """
                    INSERT INTO replica (id, started_at, heartbeat_at) VALUES (?, clock_timestamp(), clock_timestamp())
                    ON CONFLICT (id) DO UPDATE SET heartbeat_at = clock_timestamp()""", replica);
            SqlStatements.update(connection, """
                    DELETE FROM replica WHERE id IN (
                        SELECT id FROM replica WHERE heartbeat_at < clock_timestamp() - ? * interval '1 millisecond'
                        FOR UPDATE SKIP LOCKED)""", ttl.toMillis() * FORGET_AFTER_LEASES);
            return Rows.list(
                    connection,
                    "SELECT id FROM replica WHERE heartbeat_at > clock_timestamp() - ? * interval '1 millisecond'"
                            + " ORDER BY id",
                    row -> row.text("id"),
                    ttl.toMillis());
        });
    }

    @Override
    public List<Lease> renew(String replica, Collection<String> names, Duration ttl) {
        if (names.isEmpty()) {
            return List.of();
        }
        return inTransaction(
                "renewal of the leases of " + replica,
                connection -> Rows.list(
                        connection,
                        """
                WITH mine AS (
                    SELECT name FROM lease
                     WHERE owner = ? AND name = ANY (?) AND expires_at > clock_timestamp()
                       FOR UPDATE SKIP LOCKED)
                UPDATE lease l SET expires_at = clock_timestamp() + ? * interval '1 millisecond'
                  FROM mine WHERE l.name = mine.name
                RETURNING l.name, l.owner, l.epoch, l.acquired_at, l.expires_at""",
                        SqlLeaseStore::lease,
                        replica,
                        connection.createArrayOf("text", names.toArray()),
                        ttl.toMillis()));
    }

    @Override
    public Optional<Lease> acquire(String name, String replica, Duration ttl) {
        return inTransaction("lease " + name, connection -> {
            String holder = Rows.first(
                            connection, "SELECT owner FROM lease WHERE name = ?", row -> row.text("owner"), name)
                    .orElse("nobody");
            try {
                Rows.list(connection, "SELECT 1 FROM lease WHERE name = ? FOR UPDATE NOWAIT", row -> 1, name);
            } catch (SQLException e) {
                if (LOCK_NOT_AVAILABLE.equals(e.getSQLState())) {
                    throw new LeaseBusyException(name, holder);
                }
                throw e;
            }
            return Rows.first(connection, """
                    INSERT INTO lease AS l (name, owner, epoch, acquired_at, expires_at)
                    VALUES (?, ?, 1, clock_timestamp(), clock_timestamp() + ? * interval '1 millisecond')
                    ON CONFLICT (name) DO UPDATE
                       SET owner = EXCLUDED.owner,
                           epoch = CASE WHEN l.owner = EXCLUDED.owner AND l.expires_at > clock_timestamp()
                                        THEN l.epoch ELSE l.epoch + 1 END,
                           acquired_at = CASE WHEN l.owner = EXCLUDED.owner AND l.expires_at > clock_timestamp()
                                              THEN l.acquired_at ELSE clock_timestamp() END,
                           expires_at = clock_timestamp() + ? * interval '1 millisecond'
                     WHERE l.owner = EXCLUDED.owner OR l.expires_at <= clock_timestamp()
                    RETURNING name, owner, epoch, acquired_at, expires_at""", SqlLeaseStore::lease, name, replica, ttl.toMillis(), ttl.toMillis());
        });
    }

    @Override
    public void release(String name, String replica) {
        inTransaction(
                "lease " + name,
                connection -> SqlStatements.update(
                        connection,
                        "UPDATE lease SET expires_at = clock_timestamp()"
                                + " WHERE name = ? AND owner = ? AND expires_at > clock_timestamp()",
                        name,
                        replica));
    }

    @Override
    public void leave(String replica) {
        inTransaction("leave of " + replica, connection -> {
            SqlStatements.update(
                    connection,
                    "UPDATE lease SET expires_at = clock_timestamp() WHERE owner = ? AND expires_at > clock_timestamp()",
                    replica);
            return SqlStatements.update(connection, "DELETE FROM replica WHERE id = ?", replica);
        });
    }

    @Override
    public Standing standing(String replica, Collection<Fence> believed, Duration ttl) {
        return inTransaction("standing of " + replica, connection -> {
            Duration age = Rows.first(
                            connection,
                            "SELECT (extract(epoch FROM clock_timestamp() - heartbeat_at) * 1000)::bigint AS age"
                                    + " FROM replica WHERE id = ?",
                            row -> Duration.ofMillis(row.number("age")),
                            replica)
                    .orElse(null);
            List<String> lapsed = Rows.list(
                    connection,
                    """
                    SELECT b.name FROM unnest(?::text[], ?::bigint[]) AS b(name, epoch)
                     WHERE NOT EXISTS (
                         SELECT 1 FROM lease l
                          WHERE l.name = b.name AND l.owner = ? AND l.epoch = b.epoch
                            AND l.expires_at > clock_timestamp())
                     ORDER BY b.name""",
                    row -> row.text("name"),
                    connection.createArrayOf(
                            "text", believed.stream().map(Fence::lease).toArray()),
                    connection.createArrayOf(
                            "bigint", believed.stream().map(Fence::epoch).toArray()),
                    replica);
            long live = Rows.first(
                            connection,
                            "SELECT count(*) AS live FROM replica"
                                    + " WHERE heartbeat_at > clock_timestamp() - ? * interval '1 millisecond'",
                            row -> row.number("live"),
                            ttl.toMillis())
                    .orElse(0L);
            return new Standing(age, lapsed, (int) live);
        });
    }

    @Override
    public List<Lease> leases() {
        return inTransaction(
                "leases",
                connection ->
                        Rows.list(connection, "SELECT " + COLUMNS + " FROM lease ORDER BY name", SqlLeaseStore::lease));
    }

    private static Lease lease(Row row) throws SQLException {
        return new Lease(
                row.text("name"),
                row.text("owner"),
                row.number("epoch"),
                row.instant("acquired_at"),
                row.instant("expires_at"));
    }

    private <T> T inTransaction(String what, ConsistentRead.Query<T> work) {
        try (Connection connection = connections.open()) {
            connection.setAutoCommit(false);
            try {
                SessionLimits.bound(connection, statementTimeout, statementTimeout.dividedBy(2));
                T result = work.run(connection);
                connection.commit();
                return result;
            } catch (SQLException | RuntimeException e) {
                connection.rollback();
                throw e;
            } finally {
                connection.setAutoCommit(true);
            }
        } catch (SQLException e) {
            throw new StoreException(what + ": " + e.getMessage(), e);
        }
    }
}
