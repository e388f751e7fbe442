package io.railscope.source.exposition;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.containsString;

import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** A configured cell whose node_exporter is discovered through its Kubernetes API and scraped for real. */
@QuarkusTest
@QuarkusTestResource(value = ExporterCellResource.class, restrictToAnnotatedClass = true)
class ExporterCellTest {

    @Test
    void discoveredExporterGivesTheNodesRailsAndNeighbors() {
        await().atMost(Duration.ofSeconds(30)).ignoreExceptions().untilAsserted(() -> {
            JsonPath node = given().get("/api/v1/cells/kube-b/nodes/gpu-a-000").then().statusCode(200).extract().jsonPath();
            assertThat(node.getList("rails")).hasSize(8);
            assertThat(node.getString("rails.find { it.rail == 3 }.health")).isEqualTo("DOWN");
            assertThat(node.getString("rails.find { it.rail == 1 }.health")).isEqualTo("OK");
            assertThat(node.getInt("neighbors.entries")).isEqualTo(600);
            assertThat(node.getString("neighbors.health")).isEqualTo("WARNING");
            assertThat(node.getInt("neighbors.entriesByDevice.eth0")).isEqualTo(600);
        });
        given().get("/api/v1/cells/kube-b/rails").then().statusCode(200);
        given().get("/api/v1/cells/kube-b").then()
                .body("reasons", org.hamcrest.Matchers.hasItem(containsString("1 rail port down")))
                .body("reasons", org.hamcrest.Matchers.hasItem(containsString("1 node over gc_thresh2")))
                .body("sources.find { it.source == 'node-metrics' }.error", org.hamcrest.Matchers.nullValue());
    }
}
