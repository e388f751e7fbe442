package io.railscope.http;

import static org.assertj.core.api.Assertions.assertThat;

import jakarta.ws.rs.core.Response;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

@Execution(ExecutionMode.CONCURRENT)
class RequestLineCheckTest {

    static Stream<Arguments> refused() {
        return Stream.of(
                // an encoded NUL reaches PostgreSQL as a name and fails the read
                Arguments.of("/cells/%00/jobs", null, 400, "path", "NUL"),
                Arguments.of("/cells/alpha?q=a%00b", null, 400, "q", "NUL"),
                // encoded dot segments name no page, however they are written
                Arguments.of("/cells/%2e%2e/jobs", null, 400, "path", "'..'"),
                Arguments.of("/cells/.%2E/jobs", null, 400, "path", "'..'"),
                Arguments.of("/cells/../jobs", null, 400, "path", "'..'"),
                // an overlong UTF-8 dot is no UTF-8 at all
                Arguments.of("/cells/%C0%AE%C0%AE/jobs", null, 400, "path", "not percent-encoded UTF-8"),
                Arguments.of("/search?q=%FF", null, 400, "q", "not percent-encoded UTF-8"),
                Arguments.of("/search?q=%zz", null, 400, "q", "two hex digits"),
                Arguments.of("/cells/%0D%0A", null, 400, "path", "control character"),
                Arguments.of("/cells/" + "x".repeat(9_000), null, 414, "uri", "longer than"),
                Arguments.of("/api/v1/silences", "garbage", 400, "Content-Type", "not a media type"));
    }

    @ParameterizedTest
    @MethodSource
    void refused(String uri, String contentType, int status, String field, String message) {
        RequestLineCheck.Refusal refusal = RequestLineCheck.refusal(uri, contentType);
        assertThat(refusal).isNotNull();
        assertThat(refusal.status().getStatusCode()).isEqualTo(status);
        assertThat(refusal.field()).isEqualTo(field);
        assertThat(refusal.message()).contains(message);
    }

    static Stream<Arguments> read() {
        return Stream.of(
                Arguments.of("/cells/alpha/jobs/team-a/llm-pretrain-job-0?offset=10&limit=5", null),
                Arguments.of("/search?q=a+b%20c%C3%A9", "text/plain; charset=utf-8"),
                Arguments.of("/cells/a.b/nodes/gpu-0.ec2.internal", "application/json"),
                Arguments.of("/silences", "application/x-www-form-urlencoded"),
                Arguments.of("/silences", "multipart/form-data; boundary=\"--x\""),
                Arguments.of("/", ""));
    }

    @ParameterizedTest
    @MethodSource
    void read(String uri, String contentType) {
        assertThat(RequestLineCheck.refusal(uri, contentType)).isNull();
    }

    @Test
    void aPageRefusalIsAnEscapedPageAndAnApiRefusalIsJson() {
        assertThat(RequestErrors.answer("/api/v1/cells", Response.Status.BAD_REQUEST, "no", "q")
                        .getEntity())
                .isEqualTo(new ErrorBody("no", "q"));
    }
}
