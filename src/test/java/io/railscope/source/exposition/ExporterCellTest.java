package io.railscope.source.exposition;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.containsString;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.railscope.PeersProfile;
import io.railscope.collect.CollectionLoop;
import io.restassured.path.json.JsonPath;
import jakarta.inject.Inject;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.hamcrest.Matchers;
import org.junit.jupiter.api.Test;

/**
 * Configured cells whose node_exporters are scraped for real: one discovered through its Kubernetes
 * API, one that reports values no column holds, one with two targets that stall.
 */
@QuarkusTest
@TestProfile(PeersProfile.class)
class ExporterCellTest {

    @ConfigProperty(name = "railscope.cells.kube-s.metrics.targets")
    List<String> kubeSTargets;

    @Inject
    CollectionLoop loop;

    @Test
    void discoveredExporterGivesTheNodesRailsAndNeighbors() {
        await().pollDelay(Duration.ZERO)
                .atMost(Duration.ofSeconds(30))
                .ignoreExceptions()
                .untilAsserted(() -> {
                    loop.collector("kube-b").orElseThrow().collect();
                    JsonPath node = json("/api/v1/cells/kube-b/nodes/gpu-a-000");
                    assertThat(node.getList("rails")).hasSize(8);
                    assertThat(node.getString("rails.find { it.rail == 3 }.health"))
                            .isEqualTo("DOWN");
                    assertThat(node.getString("rails.find { it.rail == 1 }.health"))
                            .isEqualTo("OK");
                    assertThat(node.getInt("neighbors.entries")).isEqualTo(600);
                    assertThat(node.getString("neighbors.health")).isEqualTo("WARNING");
                    assertThat(node.getInt("neighbors.entriesByDevice.eth0")).isEqualTo(600);
                });
        given().get("/api/v1/cells/kube-b/rails").then().statusCode(200);
        given().get("/api/v1/cells/kube-b")
                .then()
                .body("reasons", Matchers.hasItem(containsString("1 rail port down")))
                .body("reasons", Matchers.hasItem(containsString("1 node over gc_thresh2")))
                .body("sources.find { it.source == 'node-metrics' }.error", Matchers.nullValue());
    }

    @Test
    void anExporterReportingInfiniteAndHugeValuesLeavesItsCellCommittedWithThePortUnknown() {
        // several collections in a row commit: none fails on the +Inf state or the counters beyond a bigint
        Instant first = awaitCollection("kube-v", Instant.EPOCH);
        Instant second = awaitCollection("kube-v", first);
        awaitCollection("kube-v", second);

        assertThat(json("/api/v1/cells").getList("name", String.class)).contains("kube-v");
        JsonPath node = json("/api/v1/cells/kube-v/nodes/localhost");
        assertThat(node.getList("rails")).hasSize(4);
        // mlx5_0: state +Inf, physical LinkUp
        assertThat(node.getInt("rails.find { it.rail == 1 }.state")).isEqualTo(-1);
        assertThat(node.getString("rails.find { it.rail == 1 }.health")).isEqualTo("OK");
        assertThat(node.getString("rails.find { it.rail == 1 }.reason"))
                .startsWith("the port state was not readable (state unknown");
        // mlx5_1: state 9 is no state; mlx5_2: state -1 and physical NaN; none of them is judged DOWN for it
        assertThat(node.getList("rails.findAll { it.rail <= 3 }.health", String.class))
                .doesNotContain("DOWN");
        assertThat(node.getString("rails.find { it.rail == 2 }.reason")).startsWith("the port state was not readable");
        assertThat(node.getString("rails.find { it.rail == 4 }.health")).isEqualTo("OK");
        assertThat(node.getInt("neighbors.entries")).isEqualTo(7);

        JsonPath cell = json("/api/v1/cells/kube-v");
        assertThat(cell.getString("sources.find { it.source == 'node-metrics' }.error"))
                .isNull();
        assertThat(cell.getString("sources.find { it.source == 'node-metrics' }.problems"))
                .contains(
                        "node_infiniband_state_id{device=\"mlx5_0\",port=\"1\"} +Inf: no state code (0-5), read as unknown")
                .contains("and 9 more");
        given().get("/cells/kube-v")
                .then()
                .statusCode(200)
                .body(containsString("node_infiniband_state_id{device=&quot;mlx5_0&quot;,port=&quot;1&quot;} +Inf"));
    }

    @Test
    void stalledExportersHoldNoThreadAndTheOtherTargetIsCommittedAtEveryCollection() {
        Instant collected = awaitCollection("kube-s", Instant.EPOCH);
        // every scrape thread is back where it was before the first collection: none waits on a stalled target
        await().pollDelay(Duration.ZERO)
                .atMost(Duration.ofSeconds(60))
                .pollInterval(Duration.ofMillis(50))
                .until(() -> busyScrapeThreads().isEmpty());
        for (int collection = 0; collection < 4; collection++) {
            collected = awaitCollection("kube-s", collected);
            JsonPath cell = json("/api/v1/cells/kube-s");
            // the node-metrics source succeeded at this collection with what answered
            assertThat(cell.getString("sources.find { it.source == 'node-metrics' }.error"))
                    .isNull();
            assertThat(cell.getString("sources.find { it.source == 'node-metrics' }.lastSuccessAt"))
                    .isEqualTo(cell.getString("sources.find { it.source == 'node-metrics' }.lastAttemptAt"));
            assertThat(cell.getString("sources.find { it.source == 'node-metrics' }.problems"))
                    .startsWith("2 of 3 exporters did not answer");
            Map<String, String> failed = cell.getList("failedTargets", Map.class).stream()
                    .collect(Collectors.toMap(t -> (String) t.get("target"), t -> (String) t.get("error")));
            assertThat(failed).hasSize(2);
            assertThat(failed.values())
                    .containsExactlyInAnyOrder(
                            "timed out after 400 ms waiting for the response headers",
                            failed.values().stream()
                                    .filter(reason ->
                                            reason.startsWith("timed out after 400 ms reading the body (HTTP 200, "))
                                    .findFirst()
                                    .orElse("a reason for the body that stalled"));
            // three exporters on 127.0.0.1 are three nodes, each named by its address; the one that answers has the
            // rails
            JsonPath node = json("/api/v1/cells/kube-s/nodes/" + kubeSTargets.get(0));
            assertThat(node.getList("rails")).hasSize(8);
        }
        await().pollDelay(Duration.ZERO)
                .atMost(Duration.ofSeconds(60))
                .pollInterval(Duration.ofMillis(50))
                .until(() -> busyScrapeThreads().isEmpty());
        given().get("/cells/kube-s")
                .then()
                .statusCode(200)
                .body(containsString("Exporters that did not answer"))
                .body(containsString("timed out after 400 ms waiting for the response headers"))
                .body(containsString("timed out after 400 ms reading the body"));
        assertThat(given().get("/api/v1/cells").then().extract().jsonPath().getList("failedTargets"))
                .allMatch(t -> t == null);
    }

    /** Collects the cell and waits for a collection committed after {@code after}; returns its time. */
    private Instant awaitCollection(String cell, Instant after) {
        Instant[] collected = new Instant[1];
        await().pollDelay(Duration.ZERO)
                .atMost(Duration.ofSeconds(60))
                .ignoreExceptions()
                .until(() -> {
                    loop.collector(cell).orElseThrow().collect();
                    String at = json("/api/v1/cells/" + cell).getString("collectedAt");
                    collected[0] = at == null ? null : Instant.parse(at);
                    return collected[0] != null && collected[0].isAfter(after);
                });
        return collected[0];
    }

    /**
     * Names of the fetch and HTTP client threads that are not idle in their pool: inside Railscope's
     * scraping code. Between two collections there is none, unless a scrape left a thread blocked.
     */
    private static List<String> busyScrapeThreads() {
        return Thread.getAllStackTraces().entrySet().stream()
                .filter(entry -> entry.getKey().getName().startsWith("railscope-fetch-")
                        || entry.getKey().getName().startsWith("HttpClient-"))
                .filter(entry -> Arrays.stream(entry.getValue())
                        .anyMatch(frame -> frame.getClassName().startsWith("io.railscope.source.exposition.")))
                .map(entry -> entry.getKey().getName())
                .toList();
    }

    /** The JSON of a 200 answer to {@code path}. */
    @Test
    void aMetricsOnlyCellReadsItsExportersAndNotItsKubernetesApi() {
        loop.collector("metrics-only").orElseThrow().collect();
        JsonPath cell = json("/api/v1/cells/metrics-only");
        assertThat(cell.getList("sources.source")).containsExactly("node-metrics");
        assertThat(cell.getInt("railPorts")).isEqualTo(8);
        given().get("/cells/metrics-only")
                .then()
                .statusCode(200)
                .body(containsString("data-metrics-only"), containsString("no IPAM headroom"));
        given().get("/cells/kube-s").then().statusCode(200).body(Matchers.not(containsString("data-metrics-only")));
    }

    private static JsonPath json(String path) {
        return given().get(path).then().statusCode(200).extract().jsonPath();
    }
}
