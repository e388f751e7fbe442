package io.railscope.database;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.apache.commons.io.file.PathUtils;
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

    private final Path directory;
    private final ServerUser user;
    private final Path log;
    private final String password;
    private final FileChannel lockChannel;
    private final FileLock lock;
    private volatile boolean stopping;
    private Process server;
    private int port;
    private String version;

    private EmbeddedDatabase(Path directory, ServerUser user, FileChannel lockChannel, FileLock lock)
            throws IOException {
        this.directory = directory;
        this.user = user;
        this.log = directory.resolve("postgres.log");
        this.lockChannel = lockChannel;
        this.lock = lock;
        this.password = DatabasePassword.readOrCreate(directory.resolve("password"));
    }

    /**
     * Starts the server whose data lies under {@code directory} (created and initialised when new), run as
     * {@code unprivilegedUser} when this process is root, with the database {@value #DATABASE} in it; logs one line
     * that starts with {@code why}.
     */
    public static EmbeddedDatabase start(Path directory, String unprivilegedUser, String why) {
        Path absolute = directory.toAbsolutePath().normalize();
        try {
            Files.createDirectories(absolute);
            FileChannel channel = FileChannel.open(
                    absolute.resolve("railscope.lock"), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
            FileLock lock;
            try {
                lock = channel.tryLock();
            } catch (OverlappingFileLockException e) {
                lock = null;
            }
            if (lock == null) {
                channel.close();
                throw new EmbeddedDatabaseException("the database directory " + absolute
                        + " is in use by another Railscope process: stop it, or set railscope.database.directory"
                        + " to another directory");
            }
            EmbeddedDatabase database =
                    new EmbeddedDatabase(absolute, ServerUser.forThisProcess(unprivilegedUser), channel, lock);
            database.run(why);
            return database;
        } catch (IOException e) {
            throw new EmbeddedDatabaseException(
                    "could not start Railscope's own PostgreSQL in " + absolute + ": " + e.getMessage(), e);
        }
    }

    private void run(String why) throws IOException {
        user.checkCanReach(directory);
        Path binaries = PostgresBinaries.unpackedUnder(directory);
        Path data = directory.resolve("data");
        LeftoverServer.stopIfRunning(data, directory);
        if (!Files.exists(data.resolve("PG_VERSION"))) {
            initdb(binaries, data);
        } else {
            user.reclaim(data);
        }
        for (int attempt = 1; ; attempt++) {
            port = freePort();
            long logStart = Files.exists(log) ? Files.size(log) : 0;
            server = spawn(binaries, data);
            String failure = awaitReady(logStart);
            if (failure == null) {
                break;
            }
            if (attempt == START_ATTEMPTS || !failure.contains("could not bind")) {
                throw new EmbeddedDatabaseException(
                        "Railscope's own PostgreSQL did not start (" + log + "): " + failure);
            }
        }
        createDatabaseIfMissing(DATABASE);
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

    public Path directory() {
        return directory;
    }

    public String version() {
        return version;
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
        stopping = true;
        try {
            if (server != null && server.isAlive()) {
                LeftoverServer.signalFastShutdown(server.toHandle());
                if (!server.waitFor(60, TimeUnit.SECONDS)) {
                    server.destroyForcibly();
                }
            }
            lock.release();
            lockChannel.close();
        } catch (IOException e) {
            LOG.warnf("stopping Railscope's own PostgreSQL: %s", e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void initdb(Path binaries, Path data) throws IOException {
        if (Files.exists(data)) {
            PathUtils.deleteDirectory(data);
        }
        Files.createDirectories(data);
        user.own(data);
        Path passwordFile = directory.resolve("initdb-password");
        Files.deleteIfExists(passwordFile);
        Files.writeString(passwordFile, password + "\n", StandardCharsets.UTF_8);
        user.own(passwordFile);
        List<String> command = user.command(
                List.of(
                        binaries.resolve("bin/initdb").toString(),
                        "--pgdata=" + data,
                        "--username=" + SUPERUSER,
                        "--auth=scram-sha-256",
                        "--pwfile=" + passwordFile,
                        "--encoding=UTF8",
                        "--no-locale"),
                false);
        Process initdb = new ProcessBuilder(command)
                .directory(directory.toFile())
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()))
                .start();
        try {
            if (!initdb.waitFor(5, TimeUnit.MINUTES) || initdb.exitValue() != 0) {
                initdb.destroyForcibly();
                throw new EmbeddedDatabaseException("initdb failed for " + data + ": " + LogTail.of(log, 0));
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new EmbeddedDatabaseException("interrupted while initdb ran for " + data);
        } finally {
            Files.deleteIfExists(passwordFile);
        }
    }

    /**
     * Starts the server from a thread that lives as long as it: the server is told to shut down when that thread ends,
     * so it ends with this process however this process ends.
     */
    private Process spawn(Path binaries, Path data) throws IOException {
        List<String> command = user.command(
                List.of(
                        binaries.resolve("bin/postgres").toString(),
                        "-D",
                        data.toString(),
                        "-p",
                        Integer.toString(port),
                        "-c",
                        "listen_addresses=127.0.0.1",
                        "-c",
                        "unix_socket_directories=",
                        "-c",
                        "max_connections=300"),
                true);
        ProcessBuilder builder = new ProcessBuilder(command)
                .directory(directory.toFile())
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()));
        CompletableFuture<Process> started = new CompletableFuture<>();
        Thread keeper = new Thread(() -> keep(builder, started), "railscope-postgres");
        keeper.setDaemon(true);
        keeper.start();
        try {
            return started.get();
        } catch (ExecutionException e) {
            throw new IOException(e.getCause().getMessage(), e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while starting PostgreSQL", e);
        }
    }

    private void keep(ProcessBuilder builder, CompletableFuture<Process> started) {
        Process process;
        try {
            process = builder.start();
        } catch (IOException e) {
            started.completeExceptionally(e);
            return;
        }
        started.complete(process);
        try {
            int code = process.waitFor();
            if (!stopping && process == server && version != null) {
                LOG.errorf("Railscope's own PostgreSQL ended (exit code %d); its log: %s", code, log);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Null once the server answers; else why it will not (from its log). */
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
                last = e;
            }
            try {
                Thread.sleep(100);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IOException("interrupted while waiting for PostgreSQL", e);
            }
        }
        server.destroyForcibly();
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
