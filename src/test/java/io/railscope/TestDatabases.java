package io.railscope;

import io.railscope.database.EmbeddedDatabase;
import java.nio.file.Path;
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
 * The PostgreSQL server the tests use: Railscope's own embedded server (data under {@code target/postgres}), started
 * before any test runs and stopped after the last, unless RAILSCOPE_TEST_POSTGRES (or {@code -Dtests.postgres})
 * names a running server with trust auth, such as {@code jdbc:postgresql://127.0.0.1:5432/postgres}. Creates the
 * databases the tests use; each test run empties them itself (Flyway clean, schema drop).
 */
public class TestDatabases implements LauncherSessionListener {

    static final List<String> DATABASES = List.of("railscope_test", "railscope_it");

    private static final String EXTERNAL =
            System.getProperty("tests.postgres", System.getenv("RAILSCOPE_TEST_POSTGRES"));

    /** Where the server's URL and credentials are kept: system properties, read alike from every class loader. */
    static final String SERVER = "tests.postgres.server";

    static final String USERNAME = "tests.postgres.username";
    static final String PASSWORD = "tests.postgres.password";

    private static EmbeddedDatabase embedded;

    @Override
    public synchronized void launcherSessionOpened(LauncherSession session) {
        if (System.getProperty(SERVER) != null) {
            return;
        }
        System.setProperty(USERNAME, EmbeddedDatabase.SUPERUSER);
        if (EXTERNAL != null && !EXTERNAL.isBlank()) {
            System.setProperty(SERVER, EXTERNAL.substring(0, EXTERNAL.lastIndexOf('/') + 1));
            System.setProperty(PASSWORD, "");
        } else {
            embedded = EmbeddedDatabase.start(Path.of("target", "postgres"), "railscope", "The tests' database");
            System.setProperty(SERVER, embedded.jdbcUrl(""));
            System.setProperty(PASSWORD, embedded.password());
        }
        for (String database : DATABASES) {
            create(database);
        }
    }

    @Override
    public synchronized void launcherSessionClosed(LauncherSession session) {
        if (embedded != null) {
            embedded.stop();
            embedded = null;
            System.clearProperty(SERVER);
        }
    }

    /** The URL of {@code database} on the tests' server. */
    public static String url(String database) {
        return System.getProperty(SERVER) + database;
    }

    public static String username() {
        return System.getProperty(USERNAME);
    }

    public static String password() {
        return System.getProperty(PASSWORD);
    }

    /** A connection to the database {@code jdbcUrl} names, with the tests' credentials. */
    public static Connection connect(String jdbcUrl) throws SQLException {
        return DriverManager.getConnection(jdbcUrl, username(), password());
    }

    /** The options that point a packaged Railscope at {@code jdbcUrl} with the tests' credentials. */
    public static List<String> jarOptions(String jdbcUrl) {
        return List.of(
                "-Dquarkus.datasource.jdbc.url=" + jdbcUrl,
                "-Dquarkus.datasource.username=" + username(),
                "-Dquarkus.datasource.password=" + password());
    }

    /**
     * A database of its own beside the one {@code jdbcUrl} names (its name with {@code _suffix}, on the same server),
     * created when missing; returns its URL.
     */
    public static String beside(String jdbcUrl, String suffix) throws SQLException {
        int slash = jdbcUrl.lastIndexOf('/');
        String name = jdbcUrl.substring(slash + 1).replaceAll("[?;].*", "") + "_" + suffix;
        try (Connection connection = connect(jdbcUrl.substring(0, slash + 1) + "postgres")) {
            createIn(connection, name);
        }
        return jdbcUrl.substring(0, slash + 1) + name;
    }

    private static void create(String database) {
        try (Connection connection = connect(url("postgres"))) {
            createIn(connection, database);
        } catch (SQLException e) {
            throw new IllegalStateException(
                    "the tests' PostgreSQL at " + System.getProperty(SERVER) + " cannot be used: " + e.getMessage(), e);
        }
    }

    private static void createIn(Connection connection, String database) throws SQLException {
        try (PreparedStatement query = connection.prepareStatement("SELECT 1 FROM pg_database WHERE datname = ?")) {
            query.setString(1, database);
            try (ResultSet rs = query.executeQuery()) {
                if (rs.next()) {
                    return;
                }
            }
        }
        try (Statement statement = connection.createStatement()) {
            statement.execute("CREATE DATABASE " + database);
        }
    }
}
