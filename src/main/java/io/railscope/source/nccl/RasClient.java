package io.railscope.source.nccl;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

/**
 * A client of NCCL's RAS service, as NCCL's own {@code ncclras} speaks to it (src/ras/client.cc and the server side in
 * src/ras/client_support.cc): {@code CLIENT PROTOCOL 2} answered by {@code SERVER PROTOCOL n}, {@code TIMEOUT n}
 * answered by {@code OK}, {@code SET FORMAT json} (NCCL 2.28.7+; older versions answer {@code ERROR: Unknown command}
 * and the status comes as text), then {@code STATUS}, whose answer ends when the service closes the connection. One
 * connection per query; every read has the query's deadline, and an answer past {@link #MAX_ANSWER} bytes is cut.
 */
public final class RasClient {

    /** NCCL_RAS_CLIENT_PORT. */
    public static final int DEFAULT_PORT = 28028;

    static final int PROTOCOL = 2;
    /** An answer's bytes kept at most. */
    public static final int MAX_ANSWER = 4 << 20;

    private RasClient() {}

    /** What the service answered to {@code STATUS}: JSON when it took {@code SET FORMAT json}, else its text. */
    public record Answer(boolean json, String body, boolean truncated) {}

    /**
     * Asks the RAS service at {@code address} for the job's status, all within {@code timeout}; NCCL is told to wait
     * for its peers for less than that.
     */
    public static Answer status(InetSocketAddress address, Duration timeout) throws RasException {
        long deadline = System.nanoTime() + timeout.toNanos();
        try (Socket socket = new Socket()) {
            socket.connect(address, (int) Math.max(1, timeout.toMillis()));
            InputStream in = socket.getInputStream();
            OutputStream out = socket.getOutputStream();
            send(out, "CLIENT PROTOCOL " + PROTOCOL);
            String server = line(socket, in, deadline);
            if (!server.regionMatches(true, 0, "SERVER PROTOCOL ", 0, "SERVER PROTOCOL ".length())) {
                throw new RasException("not NCCL's RAS service: it answered " + shown(server) + " to CLIENT PROTOCOL");
            }
            send(out, "TIMEOUT " + Math.max(1, timeout.toSeconds() - 1));
            expectOk(socket, in, deadline, "TIMEOUT");
            send(out, "SET FORMAT json");
            String format = line(socket, in, deadline);
            boolean json = format.equalsIgnoreCase("OK");
            if (!json && !format.startsWith("ERROR")) {
                throw new RasException("unexpected answer " + shown(format) + " to SET FORMAT json");
            }
            send(out, "STATUS");
            ByteArrayOutputStream body = new ByteArrayOutputStream();
            byte[] buffer = new byte[8192];
            boolean truncated = false;
            for (int read; (read = read(socket, in, buffer, deadline)) > 0; ) {
                int kept = Math.min(read, MAX_ANSWER - body.size());
                body.write(buffer, 0, kept);
                if (kept < read) {
                    truncated = true;
                    break;
                }
            }
            if (body.size() == 0) {
                throw new RasException("the service closed the connection without a status");
            }
            return new Answer(json, body.toString(StandardCharsets.UTF_8), truncated);
        } catch (SocketTimeoutException e) {
            throw new RasException("no answer within " + timeout.toMillis() + " ms", e);
        } catch (IOException e) {
            throw new RasException(e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage(), e);
        }
    }

    private static void send(OutputStream out, String command) throws IOException {
        out.write((command + "\n").getBytes(StandardCharsets.US_ASCII));
        out.flush();
    }

    private static void expectOk(Socket socket, InputStream in, long deadline, String command)
            throws IOException, RasException {
        String answer = line(socket, in, deadline);
        if (!answer.equalsIgnoreCase("OK")) {
            throw new RasException("unexpected answer " + shown(answer) + " to " + command);
        }
    }

    /** One line, without its end; the connection closing first is an error. */
    private static String line(Socket socket, InputStream in, long deadline) throws IOException, RasException {
        ByteArrayOutputStream line = new ByteArrayOutputStream();
        while (true) {
            socket.setSoTimeout(remaining(deadline));
            int b = in.read();
            if (b < 0) {
                throw new RasException("the service closed the connection"
                        + (line.size() == 0 ? "" : " after " + shown(line.toString(StandardCharsets.UTF_8))));
            }
            if (b == '\n') {
                return line.toString(StandardCharsets.UTF_8).strip();
            }
            if (line.size() >= 1024) {
                throw new RasException("not NCCL's RAS service: a line of over 1024 bytes");
            }
            line.write(b);
        }
    }

    private static int read(Socket socket, InputStream in, byte[] buffer, long deadline) throws IOException {
        socket.setSoTimeout(remaining(deadline));
        return in.read(buffer);
    }

    private static int remaining(long deadline) throws SocketTimeoutException {
        long millis = (deadline - System.nanoTime()) / 1_000_000;
        if (millis <= 0) {
            throw new SocketTimeoutException("deadline");
        }
        return (int) Math.min(Integer.MAX_VALUE, millis);
    }

    /** An answer as it may be shown: its first 80 characters, control characters dropped. */
    private static String shown(String answer) {
        String printable = answer.replaceAll("\\p{Cntrl}", "");
        return "'" + (printable.length() > 80 ? printable.substring(0, 80) + "…" : printable) + "'";
    }

    /** A query that got no status, and why. */
    public static final class RasException extends Exception {
        public RasException(String message) {
            super(message);
        }

        public RasException(String message, Throwable cause) {
            super(message, cause);
        }
    }
}
