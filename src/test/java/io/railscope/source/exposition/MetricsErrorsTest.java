package io.railscope.source.exposition;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.railscope.source.FailingEndpoints;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A cell whose metrics cannot be read says so in a user's words, against a local endpoint that fails exactly that way:
 * which query API or exporter, and why; never a credential.
 */
@Execution(ExecutionMode.CONCURRENT)
class MetricsErrorsTest {

    private static final String TOKEN = "rs-query-token-7f3a";
    private static FailingEndpoints endpoints;
    private static Path tokenFile;

    @BeforeAll
    static void start() throws IOException {
        endpoints = new FailingEndpoints();
        tokenFile = Files.createTempFile("railscope-query", ".token");
        Files.writeString(tokenFile, TOKEN + "\n", StandardCharsets.UTF_8);
    }

    @AfterAll
    static void stop() throws IOException {
        endpoints.close();
        Files.deleteIfExists(tokenFile);
    }

    static Stream<Arguments> queryApiFailures() throws IOException {
        String local = "http://" + endpoints.http();
        return Stream.of(
                Arguments.of("refused", "http://" + FailingEndpoints.refused(), "connection refused"),
                Arguments.of(
                        "not resolved",
                        "http://" + FailingEndpoints.UNRESOLVED + ":9090",
                        "name not resolved: " + FailingEndpoints.UNRESOLVED),
                Arguments.of("TLS", "https://" + endpoints.plaintext(), "TLS failure"),
                Arguments.of(
                        "401",
                        local + "/unauthorized",
                        "401 Unauthorized: the query API refused the request with the token of"
                                + " metrics.bearer-token-file " + tokenFile
                                + " and metrics.headers X-Scope-OrgID; it said: no org id"),
                Arguments.of(
                        "403",
                        local + "/forbidden",
                        "403 Forbidden: the query API refused the request with the token of"
                                + " metrics.bearer-token-file " + tokenFile
                                + " and metrics.headers X-Scope-OrgID; it said: Forbidden"),
                Arguments.of("timeout", local + "/silent", "no answer in time"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("queryApiFailures")
    void aQueryApiErrorNamesTheApiAndTheCause(String title, String url, String cause) {
        // user information in the URL is a credential too: it is never shown
        URI base = URI.create(url.replace("://", "://railscope:" + TOKEN + "@"));
        PrometheusQuerySource source = new PrometheusQuerySource(
                base,
                "",
                "node",
                Duration.ofMillis(1500),
                Clock.systemUTC(),
                new QueryHeaders(Map.of("X-Scope-OrgID", "gpu-west"), Optional.of(tokenFile)));
        Throwable error = catchThrowable(source::fetchNodeMetrics);
        assertThat(error).isInstanceOf(IOException.class);
        assertThat(error.getMessage())
                .startsWith("Prometheus query API " + url + "/: ")
                .contains(cause)
                .doesNotContain(TOKEN);
    }

    @Test
    void without401CredentialsTheWordsSayWhereToSetThem() {
        PrometheusQuerySource source = unauthorized(QueryHeaders.NONE);
        assertThat(catchThrowable(source::fetchNodeMetrics))
                .hasMessageEndingWith("401 Unauthorized: the query API refused the request with no credentials"
                        + " (metrics.bearer-token-file, metrics.headers); it said: no org id");
    }

    @Test
    void headersWithoutATokenAreNamedWithoutTheirValues() {
        PrometheusQuerySource source =
                unauthorized(new QueryHeaders(Map.of("X-Scope-OrgID", "tenant-secret-name"), Optional.empty()));
        assertThat(catchThrowable(source::fetchNodeMetrics))
                .hasMessageContaining("the query API refused the request with metrics.headers X-Scope-OrgID and no"
                        + " token (metrics.bearer-token-file)")
                .hasMessageNotContaining("tenant-secret-name");
    }

    @Test
    void aTokenFileOfTwoLinesIsRefusedWithoutShowingEitherLine() throws IOException {
        Path twoLines = Files.createTempFile("railscope-query", ".token");
        Files.writeString(twoLines, TOKEN + "\nsecond-line-7f3a\n", StandardCharsets.UTF_8);
        try {
            PrometheusQuerySource source = unauthorized(new QueryHeaders(Map.of(), Optional.of(twoLines)));
            assertThat(catchThrowable(source::fetchNodeMetrics))
                    .hasMessageContaining("the bearer token file " + twoLines + " (metrics.bearer-token-file) holds"
                            + " more than one token")
                    .hasMessageNotContaining(TOKEN)
                    .hasMessageNotContaining("second-line");
        } finally {
            Files.deleteIfExists(twoLines);
        }
    }

    @Test
    void anUnreadableTokenFileIsNamed() {
        Path missing = tokenFile.resolveSibling("no-such.token");
        PrometheusQuerySource source = unauthorized(new QueryHeaders(Map.of(), Optional.of(missing)));
        assertThat(catchThrowable(source::fetchNodeMetrics))
                .hasMessageContaining(
                        "the bearer token file " + missing + " (metrics.bearer-token-file) cannot be read");
    }

    /** A query API that refuses every query with 401. */
    private static PrometheusQuerySource unauthorized(QueryHeaders headers) {
        return new PrometheusQuerySource(
                URI.create("http://" + endpoints.http() + "/unauthorized"),
                "",
                "node",
                Duration.ofSeconds(2),
                Clock.systemUTC(),
                headers);
    }

    static Stream<Arguments> exporterFailures() throws IOException {
        String local = endpoints.http();
        return Stream.of(
                Arguments.of("refused", FailingEndpoints.refused(), "connection refused"),
                Arguments.of("not resolved", FailingEndpoints.UNRESOLVED + ":9100", "name not resolved"),
                Arguments.of("401", local + "/unauthorized", "HTTP 401: the exporter wants credentials"),
                Arguments.of("403", local + "/forbidden", "HTTP 403: the exporter wants credentials"),
                Arguments.of("timeout", local + "/silent", "timed out after 1500 ms waiting for the response headers"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("exporterFailures")
    void anExporterErrorNamesTheExporterAndTheCause(String title, String address, String cause) {
        ExporterScrapeSource source = new ExporterScrapeSource(
                () -> List.of(new ExporterTarget(address, "gpu-0001")), Duration.ofMillis(1500), 1, Clock.systemUTC());
        Throwable error = catchThrowable(source::fetchNodeMetrics);
        assertThat(error.getMessage()).startsWith("no node_exporter of 1 answered; first: " + address + ": " + cause);
    }
}
