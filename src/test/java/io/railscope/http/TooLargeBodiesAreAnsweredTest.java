package io.railscope.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.junit.QuarkusTest;
import java.io.IOException;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.stream.Stream;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A body too large is answered 413 with its message, and a client still sending it reads that answer, not a broken
 * pipe: the client here writes the whole body, slowly, before it reads, and asks the server to close after answering.
 */
@QuarkusTest
class TooLargeBodiesAreAnsweredTest {

    private static final String PUSH = "/api/v1/cells/bravo/nccl/logs?namespace=big&job=log&pod=p";

    @ConfigProperty(name = "quarkus.http.test-port")
    int port;

    static Stream<Arguments> tooLarge() {
        return Stream.of(
                // past quarkus.http.limits.max-body-size (16 MiB): refused on its declared length
                Arguments.of(PUSH, 17_000_000, "max-body-size"),
                // past the cell's push-max-bytes (8 MiB) and under the body limit: refused once read that far
                Arguments.of(PUSH, 10_000_000, "push-max-bytes"),
                Arguments.of("/api/v1/silences", 17_000_000, "max-body-size"),
                Arguments.of("/silences", 17_000_000, "max-body-size"));
    }

    @ParameterizedTest
    @MethodSource
    void tooLarge(String target, int length, String limitNamed) throws IOException {
        RawHttp.Answer answer;
        try (Socket socket = new Socket("127.0.0.1", port)) {
            socket.setSoTimeout(60_000);
            OutputStream out = socket.getOutputStream();
            out.write(("POST " + target + " HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
                            + "Content-Type: text/plain\r\nContent-Length: " + length + "\r\n\r\n")
                    .getBytes(StandardCharsets.ISO_8859_1));
            byte[] chunk = new byte[256 * 1024];
            Arrays.fill(chunk, (byte) 'x');
            for (int sent = 0; sent < length; sent += chunk.length) {
                out.write(chunk, 0, Math.min(chunk.length, length - sent));
                out.flush();
                sleep();
            }
            answer = RawHttp.parse(socket.getInputStream().readAllBytes());
        }

        assertThat(answer.status()).as(answer.head()).isEqualTo(413);
        assertThat(answer.message()).as(answer.body()).contains(limitNamed);
    }

    private static void sleep() {
        try {
            Thread.sleep(2);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
