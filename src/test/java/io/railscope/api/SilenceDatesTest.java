package io.railscope.api;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.notNullValue;

import io.quarkus.test.junit.QuarkusTest;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** A silence's dates are refused, naming the field, unless PostgreSQL's timestamptz can hold them. */
@QuarkusTest
class SilenceDatesTest {

    private static String silence(String startsAt, String endsAt) {
        return "{\"matchers\":[{\"name\":\"alertname\",\"value\":\"SilenceDatesTest\",\"isRegex\":false,"
                + "\"isEqual\":true}],\"startsAt\":" + startsAt + ",\"endsAt\":" + endsAt
                + ",\"createdBy\":\"test\",\"comment\":\"dates\"}";
    }

    static Stream<Arguments> refused() {
        return Stream.of(
                Arguments.of("null", "\"+300000-01-01T00:00:00Z\"", "endsAt", "outside the dates"),
                Arguments.of("\"-999999999-01-01T00:00:00Z\"", "\"2099-01-01T00:00:00Z\"", "startsAt", "outside"),
                Arguments.of("null", "\"+294276-06-01T00:00:00Z\"", "endsAt", "294275 AD"),
                Arguments.of("\"-4713-01-01T00:00:00Z\"", "\"2099-01-01T00:00:00Z\"", "startsAt", "4712 BC"),
                Arguments.of("null", "1e308", "endsAt", "endsAt"),
                Arguments.of("null", "-9223372036854775808", "endsAt", "endsAt"),
                Arguments.of("null", "\"NaN\"", "endsAt", "endsAt"));
    }

    @ParameterizedTest
    @MethodSource
    void refused(String startsAt, String endsAt, String field, String said) {
        given().contentType("application/json")
                .body(silence(startsAt, endsAt))
                .post("/api/v1/silences")
                .then()
                .statusCode(400)
                .body("field", equalTo(field))
                .body("error", containsString(said));
    }

    @ParameterizedTest
    @MethodSource
    void kept(String endsAt) {
        given().contentType("application/json")
                .body(silence("null", endsAt))
                .post("/api/v1/silences")
                .then()
                .statusCode(200)
                .body("silenceID", notNullValue());
    }

    static Stream<String> kept() {
        return Stream.of("\"+294275-12-31T23:59:59.999999Z\"", "\"9999-12-31T23:59:59Z\"");
    }
}
