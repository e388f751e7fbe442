package io.railscope.store;

import io.agroal.api.AgroalDataSource;
import io.railscope.config.RailscopeConfig;
import io.railscope.model.CellKind;
import io.railscope.replica.Fence;
import io.railscope.replica.FencedException;
import jakarta.enterprise.context.ApplicationScoped;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;

/**
 * Opens the commit of a cell's collection on a connection of the caller's transaction. The transaction waits on a lock
 * at most one heartbeat interval, runs no statement longer than a lease, and is ended by the server once it waits
 * for its client longer than a heartbeat interval: a replica paused or cut off in the middle of a commit holds the
 * cell's row for seconds, not until TCP notices.
 */
@ApplicationScoped
public class CellStateWriter {

    private final AgroalDataSource dataSource;
    private final Duration heartbeat;
    private final Duration lease;

    public CellStateWriter(AgroalDataSource dataSource, RailscopeConfig config) {
        this.dataSource = dataSource;
        this.heartbeat = config.replicas().heartbeatInterval();
        this.lease = config.replicas().leaseDuration();
    }

    /**
     * Opens the commit of one collection of {@code cell}: counts the collection, decides whether it is
     * sampled into history, and locks the cell's row until the caller's transaction ends, so two writers of one cell
     * queue. Refused with a {@link FencedException} unless the cell's lease is still {@code fence}'s and unexpired;
     * the commit checks again before it ends ({@link CellCommit#confirm}).
     */
    public CellCommit open(String cell, Fence fence, boolean simulated, Instant at, Duration sampleInterval) {
        Connection connection = null;
        try {
            connection = dataSource.getConnection();
            SessionLimits.bound(connection, lease, heartbeat, heartbeat);
            LeaseCheck check = new LeaseCheck(fence, heartbeat);
            check.holds(connection, Duration.ZERO);
            return new CellCommit(connection, lockCell(connection, cell, simulated, at, sampleInterval), check);
        } catch (FencedException e) {
            closeQuietly(connection);
            throw e;
        } catch (SQLException e) {
            closeQuietly(connection);
            throw new StoreException("commit of cell " + cell + " failed: " + e.getMessage(), e);
        }
    }

    private static void closeQuietly(Connection connection) {
        if (connection != null) {
            try {
                connection.close();
            } catch (SQLException ignored) {
                // the commit's own error is the one to report
            }
        }
    }

    private static CellRow lockCell(
            Connection connection, String cellName, boolean simulated, Instant collectedAt, Duration sampleInterval)
            throws SQLException {
        try (PreparedStatement insert = connection.prepareStatement(
                "INSERT INTO cell (name, kind) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET kind = EXCLUDED.kind")) {
            insert.setString(1, cellName);
            insert.setString(2, CellKind.of(simulated).name());
            insert.executeUpdate();
        }
        Timestamp at = Timestamp.from(collectedAt);
        Timestamp sampleBefore =
                Timestamp.from(collectedAt.minus(sampleInterval).plusMillis(500));
        try (PreparedStatement update = connection.prepareStatement("""
                UPDATE cell SET collection_seq = collection_seq + 1, collected_at = ?,
                       sampled_at = CASE WHEN sampled_at IS NULL OR sampled_at < ? THEN ? ELSE sampled_at END
                 WHERE name = ?
                RETURNING id, collection_seq, sampled_at = ?""")) {
            update.setTimestamp(1, at);
            update.setTimestamp(2, sampleBefore);
            update.setTimestamp(3, at);
            update.setString(4, cellName);
            update.setTimestamp(5, at);
            try (ResultSet rs = update.executeQuery()) {
                rs.next();
                return new CellRow(rs.getInt(1), rs.getLong(2), collectedAt, rs.getBoolean(3));
            }
        }
    }
}
