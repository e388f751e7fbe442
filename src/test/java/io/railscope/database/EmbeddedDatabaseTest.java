package io.railscope.database;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.railscope.ops.FreePort;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.commons.io.file.PathUtils;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Railscope's own PostgreSQL, started as {@link EmbeddedDatabaseConfig} starts it: in a directory of its own, as the
 * unprivileged user when the tests run as root (as CI does), else as the tests' user.
 */
class EmbeddedDatabaseTest {

    private static final String USER = "railscope";

    private static Path directory;
    private static EmbeddedDatabase database;

    @BeforeAll
    static void start() throws IOException {
        directory = Files.createTempDirectory("railscope-own-database");
        Files.setPosixFilePermissions(directory, PosixFilePermissions.fromString("rwxr-xr-x"));
        database = EmbeddedDatabase.start(directory.resolve("db"), USER, "EmbeddedDatabaseTest");
    }

    @AfterAll
    static void stop() throws IOException {
        database.stop();
        PathUtils.deleteDirectory(directory);
    }

    @Test
    void answersWithItsOwnPasswordAndRefusesAnyOther() throws SQLException, IOException {
        assertThat(text(database, EmbeddedDatabase.DATABASE, "SELECT current_database()"))
                .isEqualTo(EmbeddedDatabase.DATABASE);
        assertThatThrownBy(() -> DriverManager.getConnection(
                                database.jdbcUrl("postgres"), EmbeddedDatabase.SUPERUSER, "not-its-password")
                        .close())
                .hasMessageContaining("password authentication failed");
        assertThat(Files.readString(directory.resolve("db/password"), StandardCharsets.UTF_8)
                        .trim())
                .isEqualTo(database.password());
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(directory.resolve("db/password"))))
                .isEqualTo("rw-------");
    }

    @Test
    void listensOnLoopbackAloneAndOnNoUnixSocket() throws SQLException {
        assertThat(text(database, "postgres", "SHOW listen_addresses")).isEqualTo("127.0.0.1");
        assertThat(text(database, "postgres", "SHOW unix_socket_directories")).isEmpty();
    }

    @Test
    void runsAsTheUnprivilegedUserWhenTheTestsRunAsRootAndThatUserOwnsTheData() throws Exception {
        String expected = "root".equals(System.getProperty("user.name")) ? USER : System.getProperty("user.name");
        assertThat(owner(database.pid())).isEqualTo(expected);
        Path data = directory.resolve("db/data");
        assertThat(Files.getOwner(data).getName()).isEqualTo(expected);
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(data)))
                .isEqualTo("rwx------");
        assertThat(text(database, "postgres", "SELECT current_setting('data_directory')"))
                .isEqualTo(data.toString());
    }

    @Test
    void aSecondProcessOnTheSameDirectoryIsRefusedInOneLine() {
        assertThatThrownBy(() -> EmbeddedDatabase.start(directory.resolve("db"), USER, "second"))
                .isInstanceOf(EmbeddedDatabaseException.class)
                .hasMessageContaining(directory.resolve("db") + " is in use by another Railscope process")
                .hasMessageNotContaining("\n");
    }

    @Test
    void keepsItsDataAcrossRestartsAndStopsAServerLeftRunning() throws Exception {
        Path other = directory.resolve("restarted");
        EmbeddedDatabase first = EmbeddedDatabase.start(other, USER, "first");
        execute(first, "CREATE TABLE kept (v text); INSERT INTO kept VALUES ('x')");
        first.stop();
        // what a Railscope killed outright leaves where the server cannot be told: its server still running
        Process leftover = leftoverServer(other);
        try {
            EmbeddedDatabase second = EmbeddedDatabase.start(other, USER, "second");
            try {
                assertThat(leftover.waitFor(30, TimeUnit.SECONDS))
                        .as("the server left running is stopped")
                        .isTrue();
                assertThat(text(second, EmbeddedDatabase.DATABASE, "SELECT v FROM kept"))
                        .isEqualTo("x");
            } finally {
                second.stop();
            }
            assertThat(ProcessHandle.of(second.pid()).filter(ProcessHandle::isAlive))
                    .isEmpty();
        } finally {
            leftover.destroyForcibly();
        }
    }

    @Test
    void aHalfMadeClusterFromAnInterruptedFirstStartIsMadeAgain() throws Exception {
        Path other = directory.resolve("interrupted");
        // initdb killed half-way: its directory is there, never moved to data/
        Files.createDirectories(other.resolve("data.initdb/base"));
        Files.writeString(other.resolve("data.initdb/PG_VERSION"), "14\n");
        EmbeddedDatabase database = EmbeddedDatabase.start(other, USER, "after an interrupted start");
        try {
            assertThat(text(database, EmbeddedDatabase.DATABASE, "SELECT current_database()"))
                    .isEqualTo(EmbeddedDatabase.DATABASE);
            assertThat(other.resolve("data.initdb")).doesNotExist();
        } finally {
            database.stop();
        }
    }

    @Test
    void aPasswordFileThatNoLongerOpensTheDataIsNamedAtOnce() throws Exception {
        Path other = directory.resolve("password-replaced");
        EmbeddedDatabase.start(other, USER, "first").stop();
        Files.writeString(other.resolve("password"), "not-the-one-initdb-was-given\n");
        assertThatThrownBy(() -> EmbeddedDatabase.start(other, USER, "second"))
                .isInstanceOf(EmbeddedDatabaseException.class)
                .hasMessageContaining("the password in " + other.resolve("password") + " does not open the data in "
                        + other.resolve("data"))
                .hasMessageNotContaining("not-the-one");
        // the failed start leaves no server behind and the directory free
        Files.writeString(other.resolve("password"), "still-not-it\n");
        assertThatThrownBy(() -> EmbeddedDatabase.start(other, USER, "third")).hasMessageContaining("does not open");
    }

    @Test
    void dataLeftByTheUserUnderAnotherUidIsTakenBack() throws Exception {
        assumeTrue("root".equals(System.getProperty("user.name")), "only root runs the server as another user");
        Path other = directory.resolve("recreated-user");
        EmbeddedDatabase first = EmbeddedDatabase.start(other, USER, "first");
        first.stop();
        // as after the user was removed and created again: the data belongs to a uid that is not the user's
        try (var tree = Files.walk(other.resolve("data"))) {
            for (Path path : (Iterable<Path>) tree::iterator) {
                Files.setAttribute(path, "unix:uid", 54_321, LinkOption.NOFOLLOW_LINKS);
            }
        }
        EmbeddedDatabase second = EmbeddedDatabase.start(other, USER, "second");
        try {
            assertThat(text(second, "postgres", "SELECT 1")).isEqualTo("1");
            assertThat(Files.getOwner(other.resolve("data/PG_VERSION")).getName())
                    .isEqualTo(USER);
        } finally {
            second.stop();
        }
    }

    @Test
    void aDirectoryTheUnprivilegedUserCannotReachIsRefusedNamingWhy() throws IOException {
        assumeTrue(
                "root".equals(System.getProperty("user.name")), "the unprivileged user runs the server as root only");
        Path closed = Files.createDirectories(directory.resolve("closed"));
        Files.setPosixFilePermissions(closed, PosixFilePermissions.fromString("rwx------"));
        assertThatThrownBy(() -> EmbeddedDatabase.start(closed.resolve("db"), USER, "closed"))
                .isInstanceOf(EmbeddedDatabaseException.class)
                .hasMessageContaining("cannot reach " + closed.resolve("db"))
                .hasMessageContaining("(" + closed + " is not searchable by it)");
    }

    @Test
    void rootIsNeverTheUserItRunsAs() {
        assumeTrue("root".equals(System.getProperty("user.name")), "only root can name another user");
        assertThatThrownBy(() -> EmbeddedDatabase.start(directory.resolve("as-root"), "root", "as root"))
                .isInstanceOf(EmbeddedDatabaseException.class)
                .hasMessageContaining("PostgreSQL refuses to run as root");
    }

    /** The server of {@code directory} started as Railscope starts it, but by no Railscope: as one killed outright leaves it. */
    private static Process leftoverServer(Path directory) throws Exception {
        ServerUser user = ServerUser.forThisProcess(USER);
        Path binaries = PostgresBinaries.unpackedUnder(directory);
        Process server = new ProcessBuilder(user.command(
                        List.of(
                                binaries.resolve("bin/postgres").toString(),
                                "-D",
                                directory.resolve("data").toString(),
                                "-p",
                                Integer.toString(FreePort.pick()),
                                "-c",
                                "listen_addresses=127.0.0.1",
                                "-c",
                                "unix_socket_directories="),
                        false))
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(
                        directory.resolve("postgres.log").toFile()))
                .start();
        await().atMost(Duration.ofSeconds(30)).until(() -> Files.exists(directory.resolve("data/postmaster.pid")));
        return server;
    }

    /** The user a process runs as, from its real uid in /proc. */
    private static String owner(long pid) throws IOException, InterruptedException {
        Process ps = new ProcessBuilder("ps", "-o", "user=", "-p", Long.toString(pid)).start();
        String user = new String(ps.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
        ps.waitFor(10, TimeUnit.SECONDS);
        return user;
    }

    private static String text(EmbeddedDatabase server, String name, String sql) throws SQLException {
        try (Connection connection =
                        DriverManager.getConnection(server.jdbcUrl(name), server.username(), server.password());
                Statement statement = connection.createStatement();
                ResultSet rs = statement.executeQuery(sql)) {
            rs.next();
            return rs.getString(1);
        }
    }

    private static void execute(EmbeddedDatabase server, String sql) throws SQLException {
        try (Connection connection = DriverManager.getConnection(
                        server.jdbcUrl(EmbeddedDatabase.DATABASE), server.username(), server.password());
                Statement statement = connection.createStatement()) {
            statement.execute(sql);
        }
    }
}
