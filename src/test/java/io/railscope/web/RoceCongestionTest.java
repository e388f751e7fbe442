package io.railscope.web;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.quarkus.test.junit.QuarkusTest;
import io.railscope.collect.CollectionLoop;
import io.railscope.model.Fault;
import io.railscope.source.sim.SimulatedFleet;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * RoCE congestion end to end in the test fleet: with roce-congestion, a quarter of one of bravo's rails sees CNPs, ECN
 * marks and PFC pause through the same readings as a real exporter's; the ports are congested, the node API carries
 * the pause share, the rail page charts the rail's congestion, and RailPortCongested fires until the fault clears.
 */
@QuarkusTest
class RoceCongestionTest {

    @Inject
    CollectionLoop loop;

    @Inject
    SimulatedFleet fleet;

    @Test
    void anIncastIsJudgedChartedAndAlertedPerRail() {
        var bravo = fleet.cell("bravo").orElseThrow();
        try {
            bravo.inject(Fault.ROCE_CONGESTION);
            Map<String, String> alert = await().atMost(Duration.ofSeconds(20))
                    .pollInterval(Duration.ofMillis(700))
                    .until(
                            () -> {
                                loop.collector("bravo").orElseThrow().collect();
                                return pausedPorts().stream().findFirst().orElse(null);
                            },
                            found -> found != null);
            String node = alert.get("node");
            int rail = Integer.parseInt(alert.get("rail"));

            var api = given().get("/api/v1/cells/bravo/nodes/" + node)
                    .then()
                    .statusCode(200)
                    .extract()
                    .jsonPath();
            assertThat(api.getDouble("rails.find { it.rail == " + rail + " }.pfcPauseRatio"))
                    .isBetween(0.079, 0.081);
            assertThat(api.getDouble("rails.find { it.rail == " + rail + " }.cnpPerSecond"))
                    .isGreaterThan(7000);
            assertThat(api.getString("rails.find { it.rail == " + rail + " }.health"))
                    .isEqualTo("DEGRADED");

            // two rail samples (one per history sample interval) make a chart
            await().atMost(Duration.ofSeconds(20))
                    .pollInterval(Duration.ofMillis(700))
                    .untilAsserted(() -> {
                        loop.collector("bravo").orElseThrow().collect();
                        assertThat(given().get("/cells/bravo/rails/" + rail)
                                        .then()
                                        .statusCode(200)
                                        .extract()
                                        .asString())
                                .contains("data-chart=\"notifications\"", "data-chart=\"pauses\"");
                    });
            var history = given().get("/api/v1/cells/bravo/rails/" + rail + "/congestion")
                    .then()
                    .statusCode(200)
                    .extract()
                    .jsonPath();
            assertThat(history.getList("maxPfcPauseRatio", Double.class))
                    .last()
                    .satisfies(ratio -> assertThat(ratio).isBetween(0.079, 0.081));
            // two congested ports of ~7,800 CNPs/s each (sent and handled)
            assertThat(history.getList("cnpPerSecond", Double.class))
                    .last()
                    .satisfies(cnps -> assertThat(cnps).isGreaterThan(14_000.0));
            given().get("/api/v1/cells/bravo/rails/99/congestion").then().statusCode(404);

            bravo.clear(Fault.ROCE_CONGESTION);
            await().atMost(Duration.ofSeconds(20))
                    .pollInterval(Duration.ofMillis(700))
                    .untilAsserted(() -> {
                        loop.collector("bravo").orElseThrow().collect();
                        assertThat(pausedPorts()).isEmpty();
                    });
        } finally {
            bravo.clear(Fault.ROCE_CONGESTION);
        }
    }

    /** The firing RailPortCongested alerts whose reason is PFC's. */
    private static List<Map<String, String>> pausedPorts() {
        var alerts = given().get("/api/v1/alerts?cell=bravo&state=firing")
                .then()
                .statusCode(200)
                .extract()
                .jsonPath();
        List<Map<String, String>> labels = alerts.getList("labels");
        List<Map<String, String>> annotations = alerts.getList("annotations");
        List<Map<String, String>> paused = new ArrayList<>();
        for (int i = 0; i < labels.size(); i++) {
            if ("RailPortCongested".equals(labels.get(i).get("alertname"))
                    && annotations.get(i).getOrDefault("description", "").contains("paused by PFC 8.0% of the time")) {
                paused.add(labels.get(i));
            }
        }
        return paused;
    }
}
