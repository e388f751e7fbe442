package io.railscope.store;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;

/**
 * Bounds on what one transaction may wait for, set for that transaction only ({@code SET LOCAL}): a row lock held by a
 * session that stopped answering (a paused replica, a cut network) otherwise makes the waiter wait until PostgreSQL
 * notices, minutes to hours later.
 */
final class SessionLimits {

    private SessionLimits() {}

    /** Any statement of the transaction runs at most {@code statement} and waits on a lock at most {@code lock}. */
    static void bound(Connection connection, Duration statement, Duration lock) throws SQLException {
        try (Statement set = connection.createStatement()) {
            set.execute("SET LOCAL statement_timeout = " + Math.max(1, statement.toMillis()));
            set.execute("SET LOCAL lock_timeout = " + Math.max(1, lock.toMillis()));
        }
    }

    /**
     * As {@link #bound}, and the server ends the session, rolling the transaction back, once it has waited for its
     * client longer than {@code idle}: a client paused or cut off inside the transaction cannot keep its locks.
     */
    static void bound(Connection connection, Duration statement, Duration lock, Duration idle) throws SQLException {
        bound(connection, statement, lock);
        try (Statement set = connection.createStatement()) {
            set.execute("SET LOCAL idle_in_transaction_session_timeout = " + Math.max(1, idle.toMillis()));
        }
    }
}
