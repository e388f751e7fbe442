package io.railscope.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import io.railscope.TestDatabases;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class CopyStreamTest {

    private static final String DATABASE = TestDatabases.url("railscope_test");

    /**
     * pgjdbc keeps a connection locked for a COPY until the copy ends or is cancelled; a copy whose session the server
     * ended (a stuck replica's, ended by another) must be cancelled, or the rollback that follows waits forever.
     */
    @Test
    void aCopyWhoseSessionWasEndedLeavesAConnectionThatFailsAtOnce() throws Exception {
        try (Connection connection = TestDatabases.connect(DATABASE);
                Connection other = TestDatabases.connect(DATABASE)) {
            connection.setAutoCommit(false);
            try (Statement statement = connection.createStatement()) {
                statement.execute("CREATE TEMP TABLE copied (value text)");
            }
            long pid = number(connection, "SELECT pg_backend_pid()");
            CopyStream copy = new CopyStream(connection, "COPY copied (value) FROM STDIN", "copied", line -> null);
            copy.text("before the end").endRow();
            number(other, "SELECT count(*) FROM pg_terminate_backend(" + pid + ")");
            await().atMost(Duration.ofSeconds(10))
                    .until(() -> number(other, "SELECT count(*) FROM pg_stat_activity WHERE pid = " + pid) == 0);

            assertThatThrownBy(() -> {
                        try (copy) {
                            for (int row = 0; row < 100_000; row++) {
                                copy.text("row " + row).endRow();
                            }
                        }
                    })
                    .as("a copy into an ended session")
                    .isInstanceOfAny(SQLException.class, java.io.IOException.class);
            Object rollback = assertTimeoutPreemptively(
                    Duration.ofSeconds(10),
                    () -> {
                        try {
                            connection.rollback();
                            return "rolled back";
                        } catch (SQLException e) {
                            return e;
                        }
                    },
                    "the rollback after the failed copy waits on the copy's lock");
            assertThat(rollback).as("the rollback on an ended session").isInstanceOf(SQLException.class);
        }
    }

    private static long number(Connection connection, String sql) throws SQLException {
        try (Statement statement = connection.createStatement();
                ResultSet rows = statement.executeQuery(sql)) {
            rows.next();
            return rows.getLong(1);
        }
    }
}
