package io.railscope.database;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.jboss.logging.Logger;

/**
 * The running {@code postgres}, started from a thread that lives as long as it: where the server can be told to shut
 * down when that thread ends (the parent-death signal), it ends with this process however this process ends; where it
 * cannot, a shutdown hook asks it to (and a server left by kill -9 is stopped at the next start).
 */
final class ServerProcess {

    private static final Logger LOG = Logger.getLogger(ServerProcess.class);

    private final Process process;
    private final Path log;
    private volatile boolean stopping;
    private volatile boolean announced;

    private ServerProcess(Process process, Path log) {
        this.process = process;
        this.log = log;
    }

    static ServerProcess start(ServerUser user, Path binaries, Path data, int port, Path directory, Path log)
            throws IOException {
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
        CompletableFuture<ServerProcess> started = new CompletableFuture<>();
        Thread keeper = new Thread(() -> keep(builder, log, started), "railscope-postgres");
        keeper.setDaemon(true);
        keeper.start();
        ServerProcess server;
        try {
            server = started.get();
        } catch (ExecutionException e) {
            throw new IOException(e.getCause().getMessage(), e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while starting PostgreSQL", e);
        }
        if (!user.endsWithCaller()) {
            Runtime.getRuntime().addShutdownHook(new Thread(server::askToStop, "railscope-postgres-stop"));
        }
        return server;
    }

    private static void keep(ProcessBuilder builder, Path log, CompletableFuture<ServerProcess> started) {
        ServerProcess server;
        try {
            server = new ServerProcess(builder.start(), log);
        } catch (IOException e) {
            started.completeExceptionally(e);
            return;
        }
        started.complete(server);
        try {
            int code = server.process.waitFor();
            if (!server.stopping && server.announced) {
                LOG.errorf("Railscope's own PostgreSQL ended (exit code %d); its log: %s", code, log);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** From now on, the server ending on its own is an error worth a log line. */
    void announce() {
        announced = true;
    }

    boolean isAlive() {
        return process.isAlive();
    }

    long pid() {
        return process.pid();
    }

    /** PostgreSQL's fast shutdown (SIGINT), waited for up to a minute, then SIGKILL. */
    void stop() throws IOException, InterruptedException {
        stopping = true;
        if (process.isAlive()) {
            LeftoverServer.signalFastShutdown(process.toHandle());
            if (!process.waitFor(60, TimeUnit.SECONDS)) {
                process.destroyForcibly();
            }
        }
    }

    void kill() {
        stopping = true;
        process.destroyForcibly();
    }

    /** SIGTERM, PostgreSQL's smart shutdown: it ends once this process's connections have closed with it. */
    private void askToStop() {
        stopping = true;
        process.destroy();
    }
}
