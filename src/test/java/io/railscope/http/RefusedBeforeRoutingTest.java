package io.railscope.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.junit.QuarkusTest;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.stream.Stream;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Requests refused before any route runs, by the HTTP decoder or the router, say why as every other refusal does: JSON
 * for {@code /api/}, a page otherwise. Each is written byte for byte on a socket of its own.
 */
@QuarkusTest
class RefusedBeforeRoutingTest {

    @ConfigProperty(name = "quarkus.http.test-port")
    int port;

    static Stream<Arguments> refused() {
        return Stream.of(
                // a '%' without two hex digits fails the router's match of the first route
                Arguments.of("GET /api/v1/cells/%zz HTTP/1.1\r\n", 400, "application/json", "two hex digits"),
                Arguments.of("GET /cells/% HTTP/1.1\r\n", 400, "text/html", "two hex digits"),
                Arguments.of("GET /api/v1/search?q=%G1 HTTP/1.1\r\n", 400, "application/json", "two hex digits"),
                // dot segments, plain and encoded, alone or with an encoded slash
                Arguments.of("GET /..%2f HTTP/1.1\r\n", 400, "text/html", "'..'"),
                Arguments.of("GET /api/v1/..%2fcells HTTP/1.1\r\n", 400, "application/json", "'..'"),
                Arguments.of("GET /api/v1/cells/%2e%2e/cells HTTP/1.1\r\n", 400, "application/json", "'..'"),
                Arguments.of("GET /cells/../cells HTTP/1.1\r\n", 400, "text/html", "'..'"),
                // header values the HTTP parser passes and Railscope cannot read
                Arguments.of(
                        "POST /api/v1/silences HTTP/1.1\r\nContent-Type: json\r\nContent-Length: 2\r\n\r\n{}",
                        400,
                        "application/json",
                        "Content-Type"),
                Arguments.of(
                        "POST /silences HTTP/1.1\r\nContent-Type: text/plain; charset\r\nContent-Length: 0\r\n",
                        400,
                        "text/html",
                        "Content-Type"));
    }

    @ParameterizedTest
    @MethodSource
    void refused(String requestHead, int status, String contentType, String mentioned) throws IOException {
        String request = requestHead.contains("\r\n\r\n")
                ? requestHead.replaceFirst("\r\n", "\r\nHost: 127.0.0.1\r\nConnection: close\r\n")
                : requestHead + "Host: 127.0.0.1\r\nConnection: close\r\n\r\n";

        RawHttp.Answer answer = RawHttp.exchange(port, request.getBytes(StandardCharsets.ISO_8859_1));

        assertThat(answer.status()).as(answer.head()).isEqualTo(status);
        assertThat(answer.contentType()).startsWith(contentType);
        assertThat(answer.message()).as(answer.body()).isNotBlank().containsIgnoringCase(mentioned);
    }
}
