package io.railscope.ops;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A TCP relay in front of PostgreSQL that a test can cut and mend: cut closes every relayed connection and refuses new
 * ones, as a database that went away does, without stopping the server other builds share. It can also partition:
 * nothing crosses either way and no connection is closed, as when a network drops packets, so that each side waits
 * on the other until its own timeouts end the wait; healed, what was held crosses as TCP would retransmit it.
 */
public final class DatabaseProxy implements AutoCloseable {

    private final ServerSocket listener;
    private final String targetHost;
    private final int targetPort;
    private final List<Socket> open = new CopyOnWriteArrayList<>();
    private volatile boolean cut;
    private volatile boolean partitioned;

    public DatabaseProxy(String targetHost, int targetPort) throws IOException {
        this.targetHost = targetHost;
        this.targetPort = targetPort;
        this.listener = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        Thread acceptor = new Thread(this::accept, "database-proxy");
        acceptor.setDaemon(true);
        acceptor.start();
    }

    public int port() {
        return listener.getLocalPort();
    }

    /** Closes every relayed connection and refuses the next ones until {@link #mend()}. */
    public void cut() {
        cut = true;
        for (Socket socket : open) {
            closeQuietly(socket);
        }
        open.clear();
    }

    public void mend() {
        cut = false;
    }

    /** Holds every byte in both directions, new connections included, until {@link #heal()}. */
    public void partition() {
        partitioned = true;
    }

    public void heal() {
        partitioned = false;
    }

    private void waitWhilePartitioned() {
        while (partitioned) {
            try {
                Thread.sleep(10);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    private void accept() {
        while (!listener.isClosed()) {
            try {
                Socket client = listener.accept();
                if (cut) {
                    closeQuietly(client);
                    continue;
                }
                Socket server = new Socket(targetHost, targetPort);
                // bytes cross as soon as they are read, as on a direct connection: without this, Nagle's algorithm
                // holds the second part of an answer read in two until the first is acknowledged (delayed ACK)
                client.setTcpNoDelay(true);
                server.setTcpNoDelay(true);
                open.add(client);
                open.add(server);
                relay(client, server);
                relay(server, client);
            } catch (IOException e) {
                // the listener closed, or PostgreSQL refused: the client sees its connection closed
            }
        }
    }

    private void relay(Socket from, Socket to) {
        Thread thread = new Thread(
                () -> {
                    byte[] buffer = new byte[16 * 1024];
                    try (InputStream in = from.getInputStream();
                            OutputStream out = to.getOutputStream()) {
                        int n;
                        while ((n = in.read(buffer)) >= 0) {
                            waitWhilePartitioned();
                            out.write(buffer, 0, n);
                            out.flush();
                        }
                    } catch (IOException e) {
                        // one side closed
                    } finally {
                        closeQuietly(from);
                        closeQuietly(to);
                        open.remove(from);
                        open.remove(to);
                    }
                },
                "database-proxy-relay");
        thread.setDaemon(true);
        thread.start();
    }

    private static void closeQuietly(Socket socket) {
        try {
            socket.close();
        } catch (IOException e) {
            // already closed
        }
    }

    @Override
    public void close() throws IOException {
        cut();
        listener.close();
    }
}
