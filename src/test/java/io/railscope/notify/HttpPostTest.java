package io.railscope.notify;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

/** Receivers that hang or close the connection give a one-line error, within the timeout. */
@Execution(ExecutionMode.CONCURRENT)
class HttpPostTest {

    @Test
    void aHangingReceiverTimesOut() throws IOException {
        try (ServerSocket server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            String error = new HttpPost(Duration.ofMillis(300))
                    .post(URI.create("http://127.0.0.1:" + server.getLocalPort() + "/hook"), "{}");
            assertThat(error).startsWith("HttpTimeoutException");
        }
    }

    @Test
    void aReceiverThatClosesTheConnectionIsAnError() throws Exception {
        try (ServerSocket server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            Thread closer = new Thread(() -> {
                try (Socket socket = server.accept()) {
                    socket.getInputStream().read(new byte[64]);
                } catch (IOException e) {
                    // the client is gone too
                }
            });
            closer.start();
            String error = new HttpPost(Duration.ofSeconds(2))
                    .post(URI.create("http://127.0.0.1:" + server.getLocalPort() + "/hook"), "{}");
            assertThat(error).isNotNull().doesNotStartWith("HTTP ");
            closer.join(2000);
        }
    }

    @Test
    void backoffDoublesUpToFiveMinutes() {
        assertThat(DeliveryStage.backoff(1)).isEqualTo(Duration.ofSeconds(1));
        assertThat(DeliveryStage.backoff(4)).isEqualTo(Duration.ofSeconds(8));
        assertThat(DeliveryStage.backoff(30)).isEqualTo(Duration.ofMinutes(5));
    }
}
