package io.railscope.ops;

import java.io.IOException;
import java.net.HttpURLConnection;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A real server the tests start (node_exporter, Prometheus, Alertmanager): its output in a log file,
 * started when {@code ready} answers 200, stopped gently and then by force.
 */
public final class ServerProcess implements AutoCloseable {

    private final String name;
    private final Process process;
    private final Path log;

    private ServerProcess(String name, Process process, Path log) {
        this.name = name;
        this.process = process;
        this.log = log;
    }

    /** Starts {@code command} and waits (up to 20 s) until {@code ready} answers 200; fails with the server's output if it exits. */
    public static ServerProcess start(String name, List<String> command, Path log, URI ready)
            throws IOException, InterruptedException {
        Process process = new ProcessBuilder(command)
                .redirectErrorStream(true)
                .redirectOutput(log.toFile())
                .start();
        ServerProcess server = new ServerProcess(name, process, log);
        for (int attempt = 0; attempt < 200; attempt++) {
            if (!process.isAlive()) {
                throw new IOException(name + " exited: " + Files.readString(log));
            }
            try {
                HttpURLConnection connection = (HttpURLConnection) ready.toURL().openConnection();
                if (connection.getResponseCode() == 200) {
                    return server;
                }
            } catch (IOException e) {
                // not listening yet
            }
            Thread.sleep(100);
        }
        server.close();
        throw new IOException(name + " did not get ready on " + ready);
    }

    @Override
    public void close() throws InterruptedException {
        process.destroy();
        if (!process.waitFor(15, TimeUnit.SECONDS)) {
            process.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
        }
    }

    @Override
    public String toString() {
        return name;
    }
}
