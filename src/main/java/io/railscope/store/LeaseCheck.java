package io.railscope.store;

import io.railscope.replica.Fence;
import io.railscope.replica.FencedException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;

/**
 * Whether a commit's lease is still its own, by the database's clock at the moment of asking: same holder, same
 * epoch, and not expired (nor expiring within a margin). No lock is taken, so a commit never keeps another replica
 * from renewing or taking a lease; two commits of one cell queue on the cell's row instead.
 */
record LeaseCheck(Fence fence, Duration idleLimit) {

    /** @throws FencedException unless the lease is the fence's and still has {@code margin} to run */
    void holds(Connection connection, Duration margin) throws SQLException {
        try (PreparedStatement lease = connection.prepareStatement("""
                SELECT owner, epoch, expires_at > clock_timestamp() + ? * interval '1 millisecond' AS running,
                       expires_at, expires_at > clock_timestamp() AS unexpired
                  FROM lease WHERE name = ?""")) {
            lease.setLong(1, margin.toMillis());
            lease.setString(2, fence.lease());
            try (ResultSet rs = lease.executeQuery()) {
                if (!rs.next()) {
                    throw new FencedException(fence, null);
                }
                if (!rs.getString(1).equals(fence.owner()) || rs.getLong(2) != fence.epoch()) {
                    throw new FencedException(fence, rs.getString(1) + " at epoch " + rs.getLong(2));
                }
                if (!rs.getBoolean(3)) {
                    throw new FencedException(
                            fence,
                            rs.getBoolean(5)
                                    ? "expiring at " + rs.getTimestamp(4).toInstant() + ", within the "
                                            + margin.toMillis() + " ms a paused commit could still reach the database"
                                    : "expired at " + rs.getTimestamp(4).toInstant() + " by the database's clock");
                }
            }
        }
    }
}
