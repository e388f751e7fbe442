package io.railscope.source.nccl;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;

/**
 * A server that speaks NCCL's RAS client protocol as client_support.cc does, or fails one way: hangs, closes early,
 * answers garbage, or knows no {@code SET FORMAT} (NCCL before 2.28.7). Records the commands it was sent.
 */
public final class RasTestServer implements AutoCloseable {

    public enum Behaviour {
        JSON,
        TEXT_ONLY,
        HANG,
        CLOSE_AFTER_HANDSHAKE,
        GARBAGE
    }

    private final ServerSocket socket;
    private final Behaviour behaviour;
    private final String status;
    private final CountDownLatch never = new CountDownLatch(1);
    public final List<String> commands = new CopyOnWriteArrayList<>();

    public RasTestServer(Behaviour behaviour, String status) throws IOException {
        this.behaviour = behaviour;
        this.status = status;
        this.socket = new ServerSocket(0, 8, InetAddress.getLoopbackAddress());
        Thread accepting = new Thread(this::accept, "ras-test-server");
        accepting.setDaemon(true);
        accepting.start();
    }

    public InetSocketAddress address() {
        return new InetSocketAddress(InetAddress.getLoopbackAddress(), socket.getLocalPort());
    }

    private void accept() {
        while (!socket.isClosed()) {
            try (Socket client = socket.accept()) {
                serve(client);
            } catch (IOException e) {
                // closed at the end, or a client that went away
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    private void serve(Socket client) throws IOException, InterruptedException {
        BufferedReader in =
                new BufferedReader(new InputStreamReader(client.getInputStream(), StandardCharsets.US_ASCII));
        OutputStream out = client.getOutputStream();
        if (behaviour == Behaviour.HANG) {
            never.await();
            return;
        }
        if (behaviour == Behaviour.GARBAGE) {
            in.readLine();
            out.write("HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
            return;
        }
        for (String command; (command = in.readLine()) != null; ) {
            commands.add(command);
            String lower = command.toLowerCase();
            if (lower.startsWith("client protocol ")) {
                out.write("SERVER PROTOCOL 2\n".getBytes(StandardCharsets.US_ASCII));
                if (behaviour == Behaviour.CLOSE_AFTER_HANDSHAKE) {
                    return;
                }
            } else if (lower.startsWith("timeout ")) {
                out.write("OK\n".getBytes(StandardCharsets.US_ASCII));
            } else if (lower.startsWith("set format ")) {
                out.write((behaviour == Behaviour.TEXT_ONLY ? "ERROR: Unknown command " + command + "\n" : "OK\n")
                        .getBytes(StandardCharsets.US_ASCII));
            } else if (lower.equals("status") || lower.equals("verbose status")) {
                out.write(status.getBytes(StandardCharsets.UTF_8));
                return;
            } else {
                out.write(("ERROR: Unknown command " + command + "\n").getBytes(StandardCharsets.US_ASCII));
            }
            out.flush();
        }
    }

    @Override
    public void close() throws IOException {
        never.countDown();
        socket.close();
    }
}
