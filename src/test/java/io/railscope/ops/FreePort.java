package io.railscope.ops;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;

/** A free TCP port on 127.0.0.1, for a server a test starts. */
public final class FreePort {

    private FreePort() {}

    public static int pick() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }
}
