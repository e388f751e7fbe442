package io.railscope.ops;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.containsString;

import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.railscope.GrowingPool;
import io.railscope.TestDatabase;
import io.railscope.collect.CollectionLoop;
import io.railscope.source.exposition.PrometheusFixture;
import io.railscope.store.HistoryRetention;
import io.restassured.path.json.JsonPath;
import jakarta.inject.Inject;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.assertj.core.data.Percentage;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Railscope's verdicts as metrics: the exposition promtool accepts, scraped and queried by a real Prometheus. */
@QuarkusTest
class FleetMetricsTest {

    @Inject
    CollectionLoop loop;

    @TestHTTPResource("/")
    URL root;

    @Inject
    TestDatabase db;

    @Inject
    HistoryRetention retention;

    /**
     * The real Prometheus that scrapes the verdicts, started before the class's first test: it hands its first targets
     * to its scrapers only some 5 s after it starts, which the other test and the collections spend.
     */
    private static CompletableFuture<PrometheusFixture> prometheus;

    @BeforeEach
    void startPrometheus() {
        if (prometheus == null) {
            String target = "127.0.0.1:" + root.getPort();
            prometheus = CompletableFuture.supplyAsync(() -> {
                try {
                    return PrometheusFixture.scrapingFleet(target);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IllegalStateException(e);
                }
            });
        }
    }

    @AfterAll
    static void stopPrometheus() throws InterruptedException {
        if (prometheus != null) {
            // one that failed to start has nothing to stop: the test that needed it said why
            PrometheusFixture started =
                    prometheus.exceptionally(failure -> null).join();
            prometheus = null;
            if (started != null) {
                started.close();
            }
        }
    }

    @Test
    void theVerdictsOfTheTestFleetAreMetricsPromtoolAcceptsAndPrometheusQueries() throws Exception {
        loop.collector("alpha").orElseThrow().collect();
        loop.collector("bravo").orElseThrow().collect();
        double days = GrowingPool.grow(db, retention, "bravo", "kubernetes", 1000);
        String metrics = given().get("/metrics/fleet")
                .then()
                .statusCode(200)
                .contentType(containsString("version=0.0.4"))
                .extract()
                .asString();
        // alpha runs with a rail down, a neighbor table over gc_thresh2 and a job fallen back to sockets
        assertThat(metrics)
                .contains(
                        "railscope_cell_health{cell=\"alpha\",health=\"CRITICAL\",} 1.0",
                        "railscope_cell_health{cell=\"alpha\",health=\"OK\",} 0.0",
                        "railscope_cell_stale{cell=\"alpha\",} 0.0",
                        "railscope_cell_nodes{cell=\"alpha\",} 16.0",
                        "railscope_source_stale{cell=\"alpha\",source=\"node-metrics\",} 0.0",
                        "railscope_pool_free_blocks{cell=\"alpha\",plane=\"PRIMARY\"",
                        "railscope_pool_exhaustion_seconds{cell=\"bravo\",plane=\"SERVICE\",pool=\"kubernetes\",}")
                .containsPattern("railscope_rail_ports\\{cell=\"alpha\",rail=\"\\d\",health=\"down\",} [1-9]")
                // alpha's one port down is blamed on its link; nothing on a leaf, nothing miswired
                .contains(
                        "railscope_cell_fabric_blames{cell=\"alpha\",kind=\"link\",} 1.0",
                        "railscope_cell_fabric_blamed_ports{cell=\"alpha\",kind=\"link\",} 1.0",
                        "railscope_cell_fabric_blames{cell=\"alpha\",kind=\"leaf\",} 0.0",
                        "railscope_cell_rail_ports_miswired{cell=\"alpha\",} 0.0",
                        // its leaf, its spine and its core: one each with an unhealthy host port below it
                        "railscope_cell_switches{cell=\"alpha\",tier=\"leaves\",state=\"with-unhealthy-ports\",} 1.0",
                        "railscope_cell_switches{cell=\"alpha\",tier=\"spines\",state=\"with-unhealthy-ports\",} 1.0",
                        "railscope_cell_switches{cell=\"alpha\",tier=\"cores\",state=\"with-unhealthy-ports\",} 1.0")
                .containsPattern("railscope_cell_switches\\{cell=\"alpha\",tier=\"leaves\",state=\"all\",} [1-9]")
                .containsPattern(
                        "railscope_cell_neighbor_tables\\{cell=\"alpha\",verdict=\"(warning|critical)\",} [1-9]")
                .containsPattern("railscope_cell_jobs\\{cell=\"alpha\",verdict=\"(DEGRADED|FAILED)\",} [1-9]");
        // bravo's Service pool, grown by 1,000 addresses a day: its time to exhaustion in seconds, as Prometheus counts
        double seconds = metrics.lines()
                .filter(line -> line.startsWith(
                        "railscope_pool_exhaustion_seconds{cell=\"bravo\",plane=\"SERVICE\",pool=\"kubernetes\",}"))
                .mapToDouble(line -> Double.parseDouble(line.substring(line.lastIndexOf(' ') + 1)))
                .findFirst()
                .orElseThrow();
        assertThat(seconds).isCloseTo(days * 86_400, Percentage.withPercentage(2));
        assertThat(promtoolCheck(metrics)).isEmpty();

        URI scraper = prometheus.get(30, TimeUnit.SECONDS).url();
        String query = "sum(railscope_rail_ports{cell=\"alpha\",health=\"down\"})";
        JsonPath answer = await().atMost(Duration.ofSeconds(30))
                .pollInterval(Duration.ofMillis(250))
                .ignoreExceptions()
                .until(
                        () -> given().queryParam("query", query)
                                .get(scraper + "/api/v1/query")
                                .then()
                                .extract()
                                .jsonPath(),
                        json -> !json.getList("data.result").isEmpty());
        long down = metrics.lines()
                .filter(line ->
                        line.startsWith("railscope_rail_ports{cell=\"alpha\"") && line.contains("health=\"down\""))
                .mapToLong(line -> (long) Double.parseDouble(line.substring(line.lastIndexOf(' ') + 1)))
                .sum();
        assertThat(answer.getString("data.result[0].value[1]")).isEqualTo(Long.toString(down));
    }

    @Test
    void theShippedRulesAndDashboardUseOnlyTheseMetrics() throws Exception {
        loop.collector("alpha").orElseThrow().collect();
        String metrics = given().get("/metrics/fleet")
                        .then()
                        .statusCode(200)
                        .extract()
                        .asString()
                + given().get("/metrics").then().statusCode(200).extract().asString();
        Set<String> exposed = metrics.lines()
                .filter(line -> line.startsWith("# TYPE "))
                .map(line -> line.split(" ")[2])
                .collect(Collectors.toSet());
        Process check = new ProcessBuilder("promtool", "check", "rules", "deploy/railscope-rules.yml")
                .redirectErrorStream(true)
                .start();
        String said = new String(check.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(check.waitFor(30, TimeUnit.SECONDS)).isTrue();
        assertThat(check.exitValue()).as(said).isZero();
        String rules = Files.readString(Path.of("deploy/railscope-rules.yml"));
        String dashboard = Files.readString(Path.of("deploy/grafana-railscope.json"));
        for (String shipped : new String[] {rules, dashboard}) {
            Matcher used = Pattern.compile("railscope_[a-z_]+").matcher(shipped);
            while (used.find()) {
                assertThat(exposed).as("a metric the shipped file uses").contains(used.group());
            }
        }
    }

    /** What {@code promtool check metrics} objects to; empty when it accepts the exposition. */
    private static String promtoolCheck(String metrics) throws IOException, InterruptedException {
        Process promtool = new ProcessBuilder("promtool", "check", "metrics")
                .redirectErrorStream(true)
                .start();
        promtool.getOutputStream().write(metrics.getBytes(StandardCharsets.UTF_8));
        promtool.getOutputStream().close();
        String said = new String(promtool.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(promtool.waitFor(30, TimeUnit.SECONDS)).isTrue();
        return promtool.exitValue() == 0 ? "" : said;
    }
}
