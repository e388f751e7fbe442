package io.railscope.database;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.jboss.logging.Logger;

/**
 * A server left running on a data directory by a Railscope process that ended without stopping it (killed outright
 * where the server cannot be told when its parent ends). Its directory lock is free, so no live Railscope uses it.
 */
final class LeftoverServer {

    private static final Logger LOG = Logger.getLogger(LeftoverServer.class);

    private LeftoverServer() {}

    /** Stops the server named by {@code data/postmaster.pid} if it is alive and runs a postgres from under {@code directory}. */
    static void stopIfRunning(Path data, Path directory) throws IOException {
        Optional<ProcessHandle> leftover = running(data.resolve("postmaster.pid"), directory);
        if (leftover.isEmpty()) {
            return;
        }
        LOG.warnf(
                "stopping PostgreSQL (pid %d) left running on %s by a Railscope process that ended",
                leftover.get().pid(), data);
        signalFastShutdown(leftover.get());
        try {
            leftover.get().onExit().get(60, TimeUnit.SECONDS);
        } catch (Exception e) {
            leftover.get().destroyForcibly();
        }
    }

    /** SIGINT: PostgreSQL's fast shutdown (ends sessions, writes a checkpoint). */
    static void signalFastShutdown(ProcessHandle server) throws IOException {
        Process kill = new ProcessBuilder("kill", "-INT", Long.toString(server.pid())).start();
        try {
            kill.waitFor(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static Optional<ProcessHandle> running(Path pidFile, Path directory) throws IOException {
        if (!Files.exists(pidFile)) {
            return Optional.empty();
        }
        List<String> lines = Files.readAllLines(pidFile, StandardCharsets.UTF_8);
        if (lines.isEmpty()) {
            return Optional.empty();
        }
        long pid;
        try {
            pid = Long.parseLong(lines.get(0).trim());
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
        return ProcessHandle.of(pid)
                .filter(ProcessHandle::isAlive)
                .filter(p -> p.info()
                        .command()
                        .map(command -> Path.of(command).normalize().startsWith(directory))
                        .orElse(false));
    }
}
