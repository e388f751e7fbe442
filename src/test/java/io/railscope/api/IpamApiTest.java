package io.railscope.api;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItems;

import io.quarkus.test.junit.QuarkusTest;
import io.railscope.GrowingPool;
import io.railscope.TestDatabase;
import io.railscope.collect.CollectionLoop;
import io.railscope.store.HistoryRetention;
import io.restassured.path.json.JsonPath;
import jakarta.inject.Inject;
import java.util.Map;
import org.assertj.core.data.Percentage;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

@QuarkusTest
class IpamApiTest {

    @Inject
    CollectionLoop loop;

    @Inject
    TestDatabase db;

    @Inject
    HistoryRetention retention;

    @BeforeEach
    void collect() {
        loop.collector("alpha").orElseThrow().collect();
        loop.collector("bravo").orElseThrow().collect();
    }

    @Test
    void headroomListsEveryPoolOfEveryCellWithItsNumbers() {
        JsonPath pools = given().get("/api/v1/ipam/headroom")
                .then()
                .statusCode(200)
                .extract()
                .jsonPath();
        assertThat(pools.getList("findAll { it.cell == 'alpha' }.name", String.class))
                .contains("cluster-pool", "rail-1", "rail-8", "kubernetes");
        // bravo has 4 rails, so 4 rail pools
        assertThat(pools.getList("findAll { it.cell == 'bravo' && it.plane == 'BACKEND' && it.rail != null }"))
                .hasSize(4);
        Map<String, Object> primary = pools.getMap("find { it.cell == 'alpha' && it.name == 'cluster-pool' }");
        // 16 nodes of /24: the simulator's pool holds four times the nodes, rounded to a power of two
        assertThat(primary)
                .containsEntry("totalBlocks", 64)
                .containsEntry("usedBlocks", 16)
                .containsEntry("freeBlocks", 48)
                .containsEntry("blockPrefixLength", 24)
                .containsEntry("utilisation", 0.25f)
                .containsEntry("capacityAddresses", 64 * 254)
                .containsEntry("health", "OK")
                .containsKeys(
                        "cidrs",
                        "daysToExhaustion",
                        "leaked",
                        "allocationFailures",
                        "plane",
                        "rail",
                        "allocatedAddresses");
        assertThat(((Number) primary.get("freeAddresses")).longValue())
                .isEqualTo(64L * 254 - ((Number) primary.get("allocatedAddresses")).longValue());
        assertThat(pools.getString("find { it.cell == 'alpha' && it.name == 'cluster-pool' }.kind"))
                .isEqualTo("cilium-cluster-pool");
        assertThat(pools.getString("find { it.cell == 'alpha' && it.name == 'rail-1' }.kind"))
                .isEqualTo("nv-ipam-ippool");
        assertThat(pools.getString("find { it.cell == 'alpha' && it.name == 'kubernetes' }.kind"))
                .isEqualTo("service-cidr");
        assertThat(pools.getList("findAll { it.cell == 'alpha' }.kind", String.class))
                .contains("whereabouts");
        given().get("/cells/alpha/pools/primary/cluster-pool")
                .then()
                .statusCode(200)
                .body(containsString("<tr><th>Kind</th><td>cilium-cluster-pool</td></tr>"));
    }

    @Test
    void cellIpamHasEveryNodeBlockAndRightSizing() {
        given().get("/api/v1/cells/alpha/ipam")
                .then()
                .statusCode(200)
                .body("cell", equalTo("alpha"))
                .body("nodeBlocks.size()", equalTo(16))
                .body("nodeBlocks[0].capacityAddresses", equalTo(254))
                .body("nodeBlocks[0].maxPods", equalTo(110))
                .body("rightSizing.blocks", equalTo(16))
                .body("rightSizing.blockPrefixLength", equalTo(24))
                .body("pools.name", hasItems("cluster-pool", "rail-1"));
    }

    @Test
    void unknownCellIsAJson404() {
        given().get("/api/v1/cells/nowhere/ipam")
                .then()
                .statusCode(404)
                .contentType(containsString("json"))
                .body("error", containsString("nowhere"));
    }

    @Test
    void daysToExhaustionFollowTheGrowthOfTheLastWeek() throws Exception {
        // 1,000 more Service addresses a day over the last three days
        double expected = GrowingPool.grow(db, retention, "bravo", "kubernetes", 1000);
        Double days = given().get("/api/v1/ipam/headroom")
                .then()
                .statusCode(200)
                .extract()
                .jsonPath()
                .getObject("find { it.cell == 'bravo' && it.name == 'kubernetes' }.daysToExhaustion", Double.class);
        assertThat(days).isNotNull().isCloseTo(expected, Percentage.withPercentage(2));
        given().get("/cells/bravo/pools/SERVICE/kubernetes")
                .then()
                .statusCode(200)
                .body(
                        containsString("<polyline class=\"used\""),
                        containsString("full in " + Math.round(expected) + " days"),
                        containsString("aria-label=\"usage of kubernetes over time\""));
    }

    @Test
    void poolsThatDoNotGrowHaveNoForecast() {
        given().get("/api/v1/ipam/headroom")
                .then()
                .statusCode(200)
                .body("find { it.cell == 'alpha' && it.name == 'rail-1' }.daysToExhaustion", equalTo(null))
                .body("find { it.cell == 'alpha' && it.name == 'rail-1' }.totalBlocks", equalTo(31));
    }

    @Test
    void plannerDoesTheMath() {
        given().get("/ipam/planner?nodes=10000&podsPerNode=48&surge=0")
                .then()
                .statusCode(200)
                .body(containsString("data-block-prefix=\"26\""), containsString("data-cluster-prefix=\"12\""));
        // 200 pods and 2 reserved need a /24; 10,000 of them a /10
        given().get("/ipam/planner?nodes=10000&podsPerNode=200&surge=0")
                .then()
                .statusCode(200)
                .body(containsString("data-block-prefix=\"24\""), containsString("data-cluster-prefix=\"10\""));
        given().get("/ipam/planner?cell=alpha&podsPerNode=48")
                .then()
                .statusCode(200)
                .body(containsString("<strong>48</strong> free node blocks"));
        given().get("/ipam/planner?nodes=0").then().statusCode(200).body(containsString("id=\"plan-error\""));
        for (String number : new String[] {"nodes=1e308", "podsPerNode=Infinity", "surge=NaN", "nodes=99999999999"}) {
            given().get("/ipam/planner?" + number)
                    .then()
                    .statusCode(400)
                    .body(containsString("id=\"plan-error\""), containsString("whole numbers"));
        }
    }
}
