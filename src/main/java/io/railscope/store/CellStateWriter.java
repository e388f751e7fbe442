package io.railscope.store;

import io.agroal.api.AgroalDataSource;
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

/** Opens the commit of a cell's collection on a connection of the caller's transaction. */
@ApplicationScoped
public class CellStateWriter {

    private final AgroalDataSource dataSource;

    public CellStateWriter(AgroalDataSource dataSource) {
        this.dataSource = dataSource;
    }

    /**
     * Opens the commit of one collection of {@code cell}: counts the collection, decides whether it is
     * sampled into history, and locks the cell's row until the caller's transaction ends. Refused with a
     * {@link FencedException} unless the cell's lease is still {@code fence}'s; the lease stays as it is until the
     * transaction ends, so it cannot pass to another replica halfway through the commit.
     */
    public CellCommit open(String cell, Fence fence, boolean simulated, Instant at, Duration sampleInterval) {
        Connection connection = null;
        try {
            connection = dataSource.getConnection();
            checkFence(connection, fence);
            return new CellCommit(connection, lockCell(connection, cell, simulated, at, sampleInterval));
        } catch (FencedException e) {
            closeQuietly(connection);
            throw e;
        } catch (SQLException e) {
            closeQuietly(connection);
            throw new StoreException("commit of cell " + cell + " failed: " + e.getMessage(), e);
        }
    }

    private static void checkFence(Connection connection, Fence fence) throws SQLException {
        try (PreparedStatement lease =
                connection.prepareStatement("SELECT owner, epoch FROM lease WHERE name = ? FOR SHARE")) {
            lease.setString(1, fence.lease());
            try (ResultSet rs = lease.executeQuery()) {
                if (!rs.next()) {
                    throw new FencedException(fence, null);
                }
                if (!rs.getString(1).equals(fence.owner()) || rs.getLong(2) != fence.epoch()) {
                    throw new FencedException(fence, rs.getString(1) + " at epoch " + rs.getLong(2));
                }
            }
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
            insert.setString(2, simulated ? "SIMULATED" : "KUBERNETES");
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
