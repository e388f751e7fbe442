package io.railscope.source.exposition;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.railscope.PeersProfile;
import io.railscope.collect.CollectionLoop;
import io.restassured.path.json.JsonPath;
import jakarta.inject.Inject;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** A configured cell in query mode: Railscope asks a real Prometheus, which scrapes a real node_exporter. */
@QuarkusTest
@TestProfile(PeersProfile.class)
class QueryCellTest {

    @Inject
    CollectionLoop loop;

    @Test
    void railsOfANodeComeFromThePrometheusQueryApi() {
        await().pollDelay(Duration.ZERO)
                .atMost(Duration.ofSeconds(40))
                .pollInterval(Duration.ofSeconds(1))
                .ignoreExceptions()
                .untilAsserted(() -> {
                    loop.collector("kube-q").orElseThrow().collect();
                    JsonPath node = given().get("/api/v1/cells/kube-q/nodes/gpu-a-001")
                            .then()
                            .statusCode(200)
                            .extract()
                            .jsonPath();
                    assertThat(node.getList("rails")).hasSize(8);
                    assertThat(node.getString("rails.find { it.rail == 6 }.health"))
                            .isEqualTo("DEGRADED");
                    assertThat(node.getString("rails.find { it.rail == 6 }.reason"))
                            .isEqualTo("trained at 200 Gb/s, expected 400");
                    assertThat(node.getString("rails.find { it.rail == 1 }.health"))
                            .isEqualTo("OK");
                    assertThat(node.getInt("neighbors.entries")).isEqualTo(20);
                    // the node's IPv6 table, from lnstat and the IPv6 sysctls through Prometheus
                    assertThat(node.getInt("ipv6Neighbors.entries")).isEqualTo(700);
                    assertThat(node.getString("ipv6Neighbors.health")).isEqualTo("WARNING");
                });
        given().get("/api/v1/cells/kube-q/rails").then().statusCode(200);
        // no LLDP on this node: its Topograph labels place all its rails on one leaf, below a spine and a core
        JsonPath leaf = given().get("/api/v1/cells/kube-q/fabric/switches/leaf-a1")
                .then()
                .statusCode(200)
                .extract()
                .jsonPath();
        assertThat(leaf.getInt("tier")).isZero();
        assertThat(leaf.getList("above")).containsExactly("spine-a");
        assertThat(leaf.getList("ports.source")).hasSize(8).containsOnly("labels");
        JsonPath spine = given().get("/api/v1/cells/kube-q/fabric/switches/spine-a")
                .then()
                .statusCode(200)
                .extract()
                .jsonPath();
        assertThat(spine.getInt("tier")).isEqualTo(1);
        assertThat(spine.getList("above")).containsExactly("core-a");
        assertThat(spine.getList("below")).containsExactly("leaf-a1");
        assertThat(spine.getList("ports.leaf")).hasSize(8).containsOnly("leaf-a1");
        // a node's rails on one leaf by its labels is no miswiring
        assertThat(given().get("/api/v1/cells/kube-q/fabric").jsonPath().getList("miswired"))
                .isEmpty();
    }
}
