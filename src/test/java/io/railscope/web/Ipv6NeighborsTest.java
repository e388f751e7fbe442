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
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * IPv6 neighbor tables end to end in the test fleet: bravo's dual-stack nodes report their IPv6 tables through the
 * same readings as a real exporter's; with neighbor-ipv6-over-gc-thresh2 one node's table passes gc_thresh2, which the
 * node's page and API show beside its IPv4 table and an alert with family="ipv6" reports until it clears.
 */
@QuarkusTest
class Ipv6NeighborsTest {

    @Inject
    CollectionLoop loop;

    @Inject
    SimulatedFleet fleet;

    @Test
    void anIpv6TableOverGcThresh2IsShownBesideIpv4AndAlertedWithItsFamily() {
        var bravo = fleet.cell("bravo").orElseThrow();
        try {
            bravo.inject(Fault.NEIGHBOR_IPV6_OVER_GC_THRESH2);
            loop.collector("bravo").orElseThrow().collect();
            Map<String, String> alert = await().atMost(Duration.ofSeconds(10))
                    .until(() -> ipv6Alerts().stream().findFirst().orElse(null), found -> found != null);
            assertThat(alert).containsEntry("alertname", "NeighborTableOverGcThresh2");
            String node = alert.get("node");

            var api = given().get("/api/v1/cells/bravo/nodes/" + node)
                    .then()
                    .statusCode(200)
                    .extract()
                    .jsonPath();
            assertThat(api.getInt("ipv6Neighbors.entries")).isEqualTo(700);
            assertThat(api.getString("ipv6Neighbors.health")).isEqualTo("WARNING");
            assertThat(api.getString("ipv6Neighbors.reason"))
                    .isEqualTo("700 IPv6 neighbor entries, over net.ipv6.neigh.default.gc_thresh2 (512)");
            assertThat(api.getString("neighbors.health")).isEqualTo("OK");
            assertThat(given().get("/cells/bravo/nodes/" + node)
                            .then()
                            .statusCode(200)
                            .extract()
                            .asString())
                    .contains(
                            "data-health=\"OK\" data-family=\"IPv4\"",
                            "data-health=\"WARNING\" data-family=\"IPv6\"",
                            "IPv6: <strong>700</strong> entries");

            bravo.clear(Fault.NEIGHBOR_IPV6_OVER_GC_THRESH2);
            await().atMost(Duration.ofSeconds(10)).untilAsserted(() -> {
                loop.collector("bravo").orElseThrow().collect();
                assertThat(ipv6Alerts()).isEmpty();
            });
        } finally {
            bravo.clear(Fault.NEIGHBOR_IPV6_OVER_GC_THRESH2);
        }
    }

    private static List<Map<String, String>> ipv6Alerts() {
        List<Map<String, String>> labels = given().get("/api/v1/alerts?cell=bravo&state=firing")
                .then()
                .statusCode(200)
                .extract()
                .jsonPath()
                .getList("labels");
        return labels.stream().filter(each -> "ipv6".equals(each.get("family"))).toList();
    }
}
