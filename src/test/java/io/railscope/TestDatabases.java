package io.railscope;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import org.junit.platform.launcher.LauncherSession;
import org.junit.platform.launcher.LauncherSessionListener;

/**
 * Creates the databases the tests use before any test runs, so the test command works on a machine
 * that only has PostgreSQL running. Each test run empties them itself (Flyway clean, schema drop).
 */
public class TestDatabases implements LauncherSessionListener {

    static final String SERVER =
            System.getProperty("railscope.test.postgres", "jdbc:postgresql://127.0.0.1:5432/postgres");
    static final List<String> DATABASES = List.of("railscope_test", "railscope_it");

    @Override
    public void launcherSessionOpened(LauncherSession session) {
        try (Connection connection = DriverManager.getConnection(SERVER, "postgres", "")) {
            for (String database : DATABASES) {
                if (!exists(connection, database)) {
                    try (Statement statement = connection.createStatement()) {
                        statement.execute("CREATE DATABASE " + database);
                    }
                }
            }
        } catch (SQLException e) {
            throw new IllegalStateException(
                    "tests need PostgreSQL at " + SERVER + " (trust auth): " + e.getMessage(), e);
        }
    }

    /**
     * A database of its own beside the one {@code jdbcUrl} names (its name with {@code _suffix}, on the same server),
     * created when missing; returns its URL.
     */
    public static String beside(String jdbcUrl, String suffix) throws SQLException {
        int slash = jdbcUrl.lastIndexOf('/');
        String name = jdbcUrl.substring(slash + 1).replaceAll("[?;].*", "") + "_" + suffix;
        try (Connection server =
                DriverManager.getConnection(jdbcUrl.substring(0, slash + 1) + "postgres", "postgres", "")) {
            if (!exists(server, name)) {
                try (Statement statement = server.createStatement()) {
                    statement.execute("CREATE DATABASE " + name);
                }
            }
        }
        return jdbcUrl.substring(0, slash + 1) + name;
    }

    private static boolean exists(Connection connection, String database) throws SQLException {
        try (PreparedStatement query = connection.prepareStatement("SELECT 1 FROM pg_database WHERE datname = ?")) {
            query.setString(1, database);
            try (ResultSet rs = query.executeQuery()) {
                return rs.next();
            }
        }
    }
}
