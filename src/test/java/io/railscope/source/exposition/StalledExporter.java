package io.railscope.source.exposition;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * An exporter that accepts connections and then stalls, on 127.0.0.1 and a free port: either it never
 * says a word, or it sends its response headers and one line of body and never ends the body. The
 * connections stay open until it is closed.
 */
final class StalledExporter implements AutoCloseable {

    private final ServerSocket server;
    private final List<Socket> held = new CopyOnWriteArrayList<>();
    private final Thread acceptor;

    private StalledExporter(boolean headers) throws IOException {
        server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        acceptor = new Thread(() -> accept(headers), "stalled-exporter-" + server.getLocalPort());
        acceptor.setDaemon(true);
        acceptor.start();
    }

    /** Accepts and never answers. */
    static StalledExporter silent() throws IOException {
        return new StalledExporter(false);
    }

    /** Answers 200 with its headers and the first line of a body that never ends. */
    static StalledExporter stallingBody() throws IOException {
        return new StalledExporter(true);
    }

    String address() {
        return "127.0.0.1:" + server.getLocalPort();
    }

    private void accept(boolean headers) {
        while (!server.isClosed()) {
            try {
                Socket socket = server.accept();
                held.add(socket);
                if (headers) {
                    OutputStream out = socket.getOutputStream();
                    out.write(
                            ("HTTP/1.1 200 OK\r\nContent-Type: text/plain; version=0.0.4\r\nContent-Length: 100000\r\n\r\n"
                                            + "node_arp_entries{device=\"eth0\"} 1\n")
                                    .getBytes(StandardCharsets.US_ASCII));
                    out.flush();
                }
            } catch (IOException e) {
                // closed
            }
        }
    }

    @Override
    public void close() throws IOException {
        server.close();
        for (Socket socket : held) {
            socket.close();
        }
    }
}
