package io.railscope.ops;

import io.railscope.TestDatabases;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The packaged Railscope jar run as a user runs it, in its own process, on 127.0.0.1 and a free port. */
public final class RailscopeProcess implements AutoCloseable {

    /** The database the packaged jar uses: railscope_it on the tests' server (see {@link TestDatabases}). */
    static final String IT_DATABASE = TestDatabases.url("railscope_it");

    /**
     * A database of its own beside {@link #IT_DATABASE} (created when missing, on the same server), for a test
     * class that runs side by side with the others.
     */
    public static String ownDatabase(String suffix) throws SQLException {
        return TestDatabases.beside(IT_DATABASE, suffix);
    }

    /** {@link #ownDatabase} with nothing in it: its schema dropped, for Railscope's migrations to build again. */
    public static String emptyDatabase(String suffix) throws SQLException {
        String database = ownDatabase(suffix);
        try (Connection connection = TestDatabases.connect(database);
                Statement statement = connection.createStatement()) {
            statement.execute("DROP SCHEMA public CASCADE");
            statement.execute("CREATE SCHEMA public");
        }
        return database;
    }

    private static final Pattern LISTENING = Pattern.compile("Listening on: http://127\\.0\\.0\\.1:(\\d+)");

    private final Process process;
    private final Path output;
    private int port;

    private RailscopeProcess(Process process, Path output) {
        this.process = process;
        this.output = output;
    }

    /**
     * The port the process listens on: it binds a free one itself (port 0) and says which in its log, so that two
     * processes started side by side never race for a port picked beforehand. Waits for the line up to 90 s.
     */
    public synchronized int port() throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(90);
        while (port == 0) {
            Matcher listening = LISTENING.matcher(output());
            if (listening.find()) {
                port = Integer.parseInt(listening.group(1));
            } else if (!process.isAlive() || System.nanoTime() > deadline) {
                throw new IllegalStateException("Railscope did not start listening:\n" + output());
            } else {
                Thread.sleep(100);
            }
        }
        return port;
    }

    /** The jar on the tests' database ({@link #IT_DATABASE}); {@code properties} may name another. */
    public static RailscopeProcess start(String... properties) throws IOException {
        List<String> options = new ArrayList<>(TestDatabases.jarOptions(IT_DATABASE));
        options.addAll(List.of(properties));
        return launch(options);
    }

    /** The jar with no database configured: it runs its own PostgreSQL, as on a machine with nothing but Java. */
    public static RailscopeProcess startWithoutDatabase(String... properties) throws IOException {
        return launch(List.of(properties));
    }

    /**
     * At most this many jars start at once: a start takes seconds of CPU, and the tests that run beside the packaged
     * jar's have bounds of a second or two.
     */
    private static final Semaphore STARTING = new Semaphore(2, true);

    private static RailscopeProcess launch(List<String> properties) throws IOException {
        // a short-lived process: the C1 compiler alone starts it sooner and leaves the cores to the other cases
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-XX:TieredStopAtLevel=1",
                "-XX:+UseParallelGC",
                "-Dquarkus.http.host=127.0.0.1",
                "-Dquarkus.http.port=0"));
        command.addAll(properties);
        command.addAll(List.of("-jar", System.getProperty("tests.packaged-jar", "target/quarkus-app/quarkus-run.jar")));
        Path output = Files.createTempFile("railscope-it", ".log");
        STARTING.acquireUninterruptibly();
        Process process;
        try {
            process = new ProcessBuilder(command)
                    .redirectErrorStream(true)
                    .redirectOutput(output.toFile())
                    .start();
        } catch (IOException | RuntimeException e) {
            STARTING.release();
            throw e;
        }
        RailscopeProcess started = new RailscopeProcess(process, output);
        Thread watcher = new Thread(started::releaseWhenListening, "starting " + process.pid());
        watcher.setDaemon(true);
        watcher.start();
        return started;
    }

    private void releaseWhenListening() {
        try {
            port();
        } catch (InterruptedException | RuntimeException e) {
            // gone, or never listening: its start is over either way
        } finally {
            STARTING.release();
        }
    }

    /** Ends the process as kill -9 does: no shutdown hook, nothing flushed or recorded. */
    void kill() throws InterruptedException {
        process.destroyForcibly().waitFor(20, TimeUnit.SECONDS);
    }

    /** Freezes the process (SIGSTOP), as a long GC pause, a VM migration or a cgroup freeze does. */
    void pause() throws IOException, InterruptedException {
        signal("STOP");
    }

    /** Wakes the process frozen by {@link #pause()} (SIGCONT). */
    void resume() throws IOException, InterruptedException {
        signal("CONT");
    }

    private void signal(String name) throws IOException, InterruptedException {
        Process kill = new ProcessBuilder("kill", "-" + name, Long.toString(process.pid()))
                .inheritIO()
                .start();
        if (kill.waitFor() != 0) {
            throw new IllegalStateException("kill -" + name + " " + process.pid() + " failed");
        }
    }

    /** Waits for the process to end by itself and returns its exit code. */
    int exitCode() throws InterruptedException {
        if (!process.waitFor(60, TimeUnit.SECONDS)) {
            throw new AssertionError("Railscope did not exit within 60 s:\n" + output());
        }
        return process.exitValue();
    }

    public String output() {
        try {
            return Files.readString(output, StandardCharsets.UTF_8);
        } catch (IOException e) {
            return "(output unreadable: " + e.getMessage() + ")";
        }
    }

    @Override
    public void close() throws Exception {
        process.destroy();
        if (!process.waitFor(20, TimeUnit.SECONDS)) {
            process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
        if (!Boolean.getBoolean("railscope.it.keep-logs")) {
            Files.deleteIfExists(output);
        }
    }
}
