package io.railscope.ops;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A free TCP port on 127.0.0.1, for a server a test starts or for nothing to listen on. It is taken below the
 * kernel's ephemeral range: the processes the tests start beside each other bind port 0, which the kernel serves from
 * that range, so none of them can take the port between its pick and its use.
 */
public final class FreePort {

    private static final int LOWEST = 10_000;
    private static final Path EPHEMERAL_RANGE = Path.of("/proc/sys/net/ipv4/ip_local_port_range");
    /** Picks walk the ports below the range in steps of a prime, from a random start: no port twice in one run. */
    private static final int STEP = 7_919;

    private static final AtomicInteger NEXT =
            new AtomicInteger(ThreadLocalRandom.current().nextInt(1 << 20));

    private FreePort() {}

    public static int pick() throws IOException {
        int span = ephemeralStart() - LOWEST;
        for (int tries = 0; tries < 100; tries++) {
            int port = LOWEST + (int) Math.floorMod((long) NEXT.getAndIncrement() * STEP, (long) span);
            try (ServerSocket socket = new ServerSocket(port, 1, InetAddress.getLoopbackAddress())) {
                return socket.getLocalPort();
            } catch (IOException taken) {
                // in use: the next one
            }
        }
        throw new IOException("no free port between " + LOWEST + " and " + (LOWEST + span) + " after 100 tries");
    }

    private static int ephemeralStart() {
        try {
            return Integer.parseInt(Files.readString(EPHEMERAL_RANGE).trim().split("\\s+")[0]);
        } catch (IOException | RuntimeException e) {
            return 32_768;
        }
    }
}
