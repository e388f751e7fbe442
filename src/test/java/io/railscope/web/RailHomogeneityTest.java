package io.railscope.web;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.quarkus.test.junit.QuarkusTest;
import io.railscope.collect.CollectionLoop;
import io.railscope.model.Fault;
import io.railscope.source.sim.SimulatedFleet;
import io.restassured.path.json.JsonPath;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Rail homogeneity end to end in the test fleet: with rail-firmware-mismatch one rail of one of bravo's nodes reports
 * another firmware in node_infiniband_info; the node, its rail and the cell show it in the API and on the pages, the
 * RailsDisagree alert fires for that node, and resolves when the firmware agrees again.
 */
@QuarkusTest
class RailHomogeneityTest {

    /** The simulator's fault slot for this fault lands on bravo's second node, fourth rail (mlx5_3). */
    private static final String NODE = "bravo-gpu-00001";

    @Inject
    CollectionLoop loop;

    @Inject
    SimulatedFleet fleet;

    @Test
    void aRailOnOtherFirmwareIsShownAlertedAndResolved() {
        var bravo = fleet.cell("bravo").orElseThrow();
        try {
            loop.collector("bravo").orElseThrow().collect();
            assertThat(cellHomogeneity().getList("node")).isEmpty();
            JsonPath agreed = railHomogeneity(4);
            assertThat(agreed.getInt("nodes")).isEqualTo(8);
            assertThat(agreed.getString("attributes.find { it.attribute == 'FIRMWARE' }.majority"))
                    .isEqualTo("28.39.1002");
            assertThat(agreed.getList("attributes.outlierCount", Integer.class)).containsOnly(0);

            bravo.inject(Fault.RAIL_FIRMWARE_MISMATCH);
            loop.collector("bravo").orElseThrow().collect();

            JsonPath cell = cellHomogeneity();
            assertThat(cell.getList("node")).containsExactly(NODE);
            assertThat(cell.getString("[0].attributes[0].attribute")).isEqualTo("FIRMWARE");
            assertThat(cell.getString("[0].attributes[0].majority")).isEqualTo("28.39.1002");
            assertThat(cell.getString("[0].attributes[0].outliers[0].member")).isEqualTo("rail 4");
            assertThat(cell.getString("[0].attributes[0].outliers[0].value")).isEqualTo("28.40.1000");

            JsonPath rail = railHomogeneity(4);
            assertThat(rail.getString("attributes.find { it.attribute == 'FIRMWARE' }.majority"))
                    .isEqualTo("28.39.1002");
            assertThat(rail.getInt("attributes.find { it.attribute == 'FIRMWARE' }.majorityCount"))
                    .isEqualTo(7);
            assertThat(rail.getString("attributes.find { it.attribute == 'FIRMWARE' }.outliers[0].member"))
                    .isEqualTo(NODE);
            assertThat(railHomogeneity(1).getList("attributes.outlierCount", Integer.class))
                    .containsOnly(0);

            JsonPath node = given().get("/api/v1/cells/bravo/nodes/" + NODE)
                    .then()
                    .statusCode(200)
                    .extract()
                    .jsonPath();
            assertThat(node.getList("railDisagreements.attribute")).containsExactly("FIRMWARE");

            assertThat(page("/cells/bravo"))
                    .contains("<h2 id=\"homogeneity\">Homogeneity</h2>")
                    .contains("data-node=\"" + NODE + "\" data-attribute=\"FIRMWARE\"")
                    .contains("rail 4 28.40.1000");
            assertThat(page("/cells/bravo/rails/4"))
                    .contains("<h2 id=\"homogeneity\">Homogeneity</h2>")
                    .contains(NODE + " 28.40.1000")
                    .contains("28.39.1002 (7)");
            assertThat(page("/cells/bravo/nodes/" + NODE))
                    .contains("firmware: rail 4 28.40.1000 (the others 28.39.1002)");

            await().atMost(Duration.ofSeconds(10))
                    .untilAsserted(() -> assertThat(firing()).contains(List.of("RailsDisagree", NODE)));
            // and for Prometheus users, among the verdicts as metrics
            assertThat(page("/metrics/fleet")).contains("railscope_cell_rail_disagreements{cell=\"bravo\",} 1.0");

            bravo.clear(Fault.RAIL_FIRMWARE_MISMATCH);
            await().atMost(Duration.ofSeconds(20))
                    .pollInterval(Duration.ofMillis(200))
                    .untilAsserted(() -> {
                        loop.collector("bravo").orElseThrow().collect();
                        assertThat(firing()).noneMatch(alert -> alert.get(0).equals("RailsDisagree"));
                    });
            assertThat(cellHomogeneity().getList("node")).isEmpty();
            assertThat(page("/metrics/fleet")).contains("railscope_cell_rail_disagreements{cell=\"bravo\",} 0.0");
        } finally {
            bravo.clear(Fault.RAIL_FIRMWARE_MISMATCH);
        }
    }

    private static JsonPath cellHomogeneity() {
        return given().get("/api/v1/cells/bravo/homogeneity")
                .then()
                .statusCode(200)
                .extract()
                .jsonPath();
    }

    private static JsonPath railHomogeneity(int rail) {
        return given().get("/api/v1/cells/bravo/rails/" + rail + "/homogeneity")
                .then()
                .statusCode(200)
                .extract()
                .jsonPath();
    }

    private static String page(String path) {
        return given().get(path).then().statusCode(200).extract().asString();
    }

    /** The firing alerts of bravo, each as [alertname, node]. */
    private static List<List<String>> firing() {
        JsonPath alerts = given().get("/api/v1/alerts?cell=bravo&state=firing")
                .then()
                .statusCode(200)
                .extract()
                .jsonPath();
        List<String> names = alerts.getList("alertname", String.class);
        List<String> nodes = alerts.getList("labels.node", String.class);
        return java.util.stream.IntStream.range(0, names.size())
                .mapToObj(i -> List.of(names.get(i), String.valueOf(nodes.get(i))))
                .toList();
    }
}
