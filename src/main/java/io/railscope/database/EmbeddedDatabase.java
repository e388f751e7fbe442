package io.railscope.database;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.concurrent.TimeUnit;
import org.jboss.logging.Logger;

/**
 * A PostgreSQL server Railscope runs itself when no database is configured: PostgreSQL's own binaries, its data under
 * one directory, on 127.0.0.1 only, behind a password of its own, for as long as this process lives. One process at a
 * time uses a directory (a lock file says which); a server left running by a process killed outright is stopped before
 * a new one starts.
 */
public final class EmbeddedDatabase {

    public static final String SUPERUSER = "postgres";
    public static final String DATABASE = "railscope";

    private static final Logger LOG = Logger.getLogger(EmbeddedDatabase.class);
    private static final long READY_TIMEOUT_SECONDS = 60;
    private static final int START_ATTEMPTS = 3;
    /** SQLSTATE invalid_password: the password file does not match the cluster. */
    private static final String INVALID_PASSWORD = "28P01";

    private final Path directory;
    private final ServerUser user;
    private final Path log;
    private final Path passwordFile;
    private final String password;
    private final FileChannel lockChannel;
    private final FileLock lock;
    private ServerProcess server;
    private int port;
    private String version;

    private EmbeddedDatabase(Path directory, ServerUser user, FileChannel lockChannel, FileLock lock)
            throws IOException {
        this.directory = directory;
        this.user = user;
        this.log = directory.resolve("postgres.log");
        this.lockChannel = lockChannel;
        this.lock = lock;
        this.passwordFile = directory.resolve("password");
        this.password = DatabasePassword.readOrCreate(passwordFile);
    }

    /**
     * Starts the server whose data lies under {@code directory} (created and initialised when new), run as
     * {@code unprivilegedUser} when this process is root, with the database {@value #DATABASE} in it; logs one line
     * that starts with {@code why}. A start that fails leaves no server running and the directory free.
     */
    public static EmbeddedDatabase start(Path directory, String unprivilegedUser, String why) {
        Path absolute = directory.toAbsolutePath().normalize();
        EmbeddedDatabase database = null;
        try {
            if (!Files.exists(absolute)) {
                Files.createDirectories(absolute);
                // whatever the umask: the server's unprivileged user reaches its data through this directory
                Files.setPosixFilePermissions(absolute, PosixFilePermissions.fromString("rwxr-xr-x"));
            }
            FileChannel channel = FileChannel.open(
                    absolute.resolve("railscope.lock"), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
            FileLock lock = lock(channel);
            if (lock == null) {
                channel.close();
                throw new EmbeddedDatabaseException("the database directory " + absolute
                        + " is in use by another Railscope process: stop it, or set railscope.database.directory"
                        + " to another directory");
            }
            database = new EmbeddedDatabase(absolute, ServerUser.forThisProcess(unprivilegedUser), channel, lock);
            database.run(why);
            return database;
        } catch (IOException | RuntimeException e) {
            if (database != null) {
                database.stop();
            }
            if (e instanceof EmbeddedDatabaseException said) {
                throw said;
            }
            throw new EmbeddedDatabaseException(
                    "could not start Railscope's own PostgreSQL in " + absolute + ": " + e.getMessage(), e);
        }
    }

    private static FileLock lock(FileChannel channel) throws IOException {
        try {
            return channel.tryLock();
        } catch (OverlappingFileLockException e) {
            return null;
        }
    }

    private void run(String why) throws IOException {
        user.checkCanReach(directory);
        Path binaries = PostgresBinaries.unpackedUnder(directory);
        Path data = directory.resolve("data");
        LeftoverServer.stopIfRunning(data, directory);
        DataDirectory.ready(directory, binaries, user, password, log);
        for (int attempt = 1; ; attempt++) {
            port = freePort();
            long logStart = Files.exists(log) ? Files.size(log) : 0;
            server = ServerProcess.start(user, binaries, data, port, directory, log);
            String failure = awaitReady(logStart);
            if (failure == null) {
                break;
            }
            server.kill();
            if (attempt == START_ATTEMPTS || !failure.contains("could not bind")) {
                throw new EmbeddedDatabaseException(
                        "Railscope's own PostgreSQL did not start (" + log + "): " + failure);
            }
        }
        createDatabaseIfMissing(DATABASE);
        server.announce();
        LOG.infof(
                "%s: Railscope runs its own PostgreSQL %s on 127.0.0.1:%d as user %s, data in %s, server log %s",
                why, version, port, user.name(), data, log);
    }

    public String jdbcUrl(String database) {
        return "jdbc:postgresql://127.0.0.1:" + port + "/" + database;
    }

    public String username() {
        return SUPERUSER;
    }

    public String password() {
        return password;
    }

    /** The server's process id (its postmaster). */
    public long pid() {
        return server.pid();
    }

    /** Creates {@code database} on this server unless it exists. */
    public void createDatabaseIfMissing(String database) {
        try (Connection connection = connect("postgres");
                PreparedStatement exists = connection.prepareStatement("SELECT 1 FROM pg_database WHERE datname = ?")) {
            exists.setString(1, database);
            try (ResultSet rs = exists.executeQuery()) {
                if (rs.next()) {
                    return;
                }
            }
            try (Statement create = connection.createStatement()) {
                create.execute("CREATE DATABASE \"" + database.replace("\"", "\"\"") + "\"");
            }
        } catch (SQLException e) {
            throw new EmbeddedDatabaseException("could not create the database " + database + ": " + e.getMessage(), e);
        }
    }

    /** Stops the server (PostgreSQL's fast shutdown) and waits for it to end, then frees the directory. */
    public void stop() {
        try {
            if (server != null) {
                server.stop();
            }
            lock.release();
            lockChannel.close();
        } catch (IOException e) {
            LOG.warnf("stopping Railscope's own PostgreSQL: %s", e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Null once the server answers; else why it will not (from its log, or the password it refuses). */
    private String awaitReady(long logStart) throws IOException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(READY_TIMEOUT_SECONDS);
        SQLException last = null;
        while (System.nanoTime() < deadline) {
            if (!server.isAlive()) {
                return LogTail.of(log, logStart);
            }
            try (Connection connection = connect("postgres");
                    Statement statement = connection.createStatement();
                    ResultSet rs = statement.executeQuery("SHOW server_version")) {
                rs.next();
                version = rs.getString(1);
                return null;
            } catch (SQLException e) {
                if (INVALID_PASSWORD.equals(e.getSQLState())) {
                    return "the password in " + passwordFile + " does not open the data in " + directory.resolve("data")
                            + " (was the file replaced?): restore it, or move data/ away to start with an empty database";
                }
                last = e;
            }
            try {
                Thread.sleep(100);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IOException("interrupted while waiting for PostgreSQL", e);
            }
        }
        return "no answer in " + READY_TIMEOUT_SECONDS + " s (" + (last == null ? "" : last.getMessage()) + ") "
                + LogTail.of(log, logStart);
    }

    private Connection connect(String database) throws SQLException {
        return DriverManager.getConnection(jdbcUrl(database), SUPERUSER, password);
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }
}
