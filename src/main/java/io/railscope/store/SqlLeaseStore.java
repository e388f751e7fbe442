package io.railscope.store;

import io.agroal.api.AgroalDataSource;
import io.quarkus.agroal.DataSource;
import io.railscope.replica.Lease;
import io.railscope.replica.LeaseStore;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * Replicas and leases in PostgreSQL, each change one statement on PostgreSQL's clock, through a small pool of their
 * own ({@code quarkus.datasource.leases}, the same database) so that busy collections cannot delay a heartbeat.
 */
@ApplicationScoped
public class SqlLeaseStore implements LeaseStore {

    /** A replica row this many lease durations old belongs to a replica long gone, and is dropped. */
    private static final int FORGET_AFTER_LEASES = 100;

    /** Where the store's connections come from. */
    @FunctionalInterface
    public interface Connections {
        Connection open() throws SQLException;
    }

    private final Connections connections;

    @Inject
    public SqlLeaseStore(@DataSource("leases") AgroalDataSource pool) {
        this(pool::getConnection);
    }

    public SqlLeaseStore(Connections connections) {
        this.connections = connections;
    }

    @Override
    public List<String> heartbeat(String replica, Duration ttl) {
        return inConnection("heartbeat of " + replica, connection -> {
            SqlStatements.update(connection, """
                    INSERT INTO replica (id, started_at, heartbeat_at) VALUES (?, now(), now())
                    ON CONFLICT (id) DO UPDATE SET heartbeat_at = now()""", replica);
            SqlStatements.update(
                    connection,
                    "DELETE FROM replica WHERE heartbeat_at < now() - ? * interval '1 millisecond'",
                    ttl.toMillis() * FORGET_AFTER_LEASES);
            return Rows.list(
                    connection,
                    "SELECT id FROM replica WHERE heartbeat_at > now() - ? * interval '1 millisecond' ORDER BY id",
                    row -> row.text("id"),
                    ttl.toMillis());
        });
    }

    @Override
    public Optional<Lease> acquire(String name, String replica, Duration ttl) {
        return inConnection(
                "lease " + name,
                connection -> Rows.first(connection, """
                INSERT INTO lease AS l (name, owner, epoch, acquired_at, expires_at)
                VALUES (?, ?, 1, now(), now() + ? * interval '1 millisecond')
                ON CONFLICT (name) DO UPDATE
                   SET owner = EXCLUDED.owner,
                       epoch = CASE WHEN l.owner = EXCLUDED.owner THEN l.epoch ELSE l.epoch + 1 END,
                       acquired_at = CASE WHEN l.owner = EXCLUDED.owner THEN l.acquired_at ELSE now() END,
                       expires_at = EXCLUDED.expires_at
                 WHERE l.owner = EXCLUDED.owner OR l.expires_at <= now()
                RETURNING name, owner, epoch, acquired_at, expires_at""", SqlLeaseStore::lease, name, replica, ttl.toMillis()));
    }

    @Override
    public void release(String name, String replica) {
        inConnection(
                "lease " + name,
                connection -> SqlStatements.update(
                        connection,
                        "UPDATE lease SET expires_at = now() WHERE name = ? AND owner = ? AND expires_at > now()",
                        name,
                        replica));
    }

    @Override
    public void leave(String replica) {
        inConnection("leave of " + replica, connection -> {
            SqlStatements.update(
                    connection, "UPDATE lease SET expires_at = now() WHERE owner = ? AND expires_at > now()", replica);
            return SqlStatements.update(connection, "DELETE FROM replica WHERE id = ?", replica);
        });
    }

    @Override
    public List<Lease> leases() {
        return inConnection(
                "leases",
                connection -> Rows.list(
                        connection,
                        "SELECT name, owner, epoch, acquired_at, expires_at FROM lease ORDER BY name",
                        SqlLeaseStore::lease));
    }

    private static Lease lease(Row row) throws SQLException {
        return new Lease(
                row.text("name"),
                row.text("owner"),
                row.number("epoch"),
                row.instant("acquired_at"),
                row.instant("expires_at"));
    }

    private <T> T inConnection(String what, ConsistentRead.Query<T> work) {
        try (Connection connection = connections.open()) {
            return work.run(connection);
        } catch (SQLException e) {
            throw new StoreException(what + ": " + e.getMessage(), e);
        }
    }
}
