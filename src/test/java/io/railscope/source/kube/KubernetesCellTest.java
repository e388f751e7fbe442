package io.railscope.source.kube;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.railscope.PeersProfile;
import io.railscope.collect.CollectionLoop;
import io.restassured.path.json.JsonPath;
import jakarta.inject.Inject;
import java.time.Duration;
import org.hamcrest.Matchers;
import org.junit.jupiter.api.Test;

/**
 * A cell read from a Kubernetes API (the mock server loaded with testdata/kube) by the running
 * collection loop, through to the API and pages; then its API goes away.
 */
@QuarkusTest
@TestProfile(PeersProfile.class)
class KubernetesCellTest {

    @Inject
    CollectionLoop loop;

    @Test
    void ipamOfARealCellEndToEndThenItsApiGoesAway() {
        await().pollDelay(Duration.ZERO)
                .atMost(Duration.ofSeconds(20))
                .ignoreExceptions()
                .untilAsserted(() -> {
                    loop.collector("kube-a").orElseThrow().collect();
                    given().get("/api/v1/cells/kube-a/ipam")
                            .then()
                            .statusCode(200)
                            .body("nodeBlocks.size()", equalTo(3));
                });

        JsonPath ipam = given().get("/api/v1/cells/kube-a/ipam")
                .then()
                .statusCode(200)
                .extract()
                .jsonPath();
        assertThat(ipam.getInt("pools.find { it.name == 'cluster-pool' }.freeBlocks"))
                .isEqualTo(20_477);
        assertThat(ipam.getInt("pools.find { it.name == 'rail-2' }.allocationFailures"))
                .isEqualTo(3);
        assertThat(ipam.getInt("pools.find { it.name == '10.250.0.0-24' }.leaked"))
                .isEqualTo(1);
        assertThat(ipam.getList("leaks.podref", String.class)).containsExactly("team-a/trainer-old");
        assertThat(ipam.getList("asymmetricNodes.node", String.class)).containsExactly("gpu-a-002");
        assertThat(ipam.getList("stuckPods.name", String.class)).isEmpty();
        assertThat(ipam.getList("problems", String.class))
                .singleElement()
                .asString()
                .contains("whereabouts IPPool broken");
        assertThat(ipam.getList("allocationFailures.reason", String.class))
                .contains("FailedCreatePodSandBox", "NoFreeRanges")
                .doesNotContain("CIDRNotAvailable");
        given().get("/cells/kube-a")
                .then()
                .statusCode(200)
                .body(
                        containsString("<strong>20,477</strong> more nodes can join"),
                        containsString("team-a/trainer-old"));
        given().get("/api/v1/cells/kube-a")
                .then()
                .body("kind", equalTo("KUBERNETES"))
                .body("sources.find { it.source == 'kubernetes' }.error", equalTo(null));

        MockCellResource.cell.close();

        await().pollDelay(Duration.ZERO).atMost(Duration.ofSeconds(30)).untilAsserted(() -> {
            loop.collector("kube-a").orElseThrow().collect();
            given().get("/api/v1/cells/kube-a")
                    .then()
                    .body("sources.find { it.source == 'kubernetes' }.error", Matchers.notNullValue());
        });
        // the last good numbers stay
        given().get("/api/v1/cells/kube-a/ipam")
                .then()
                .statusCode(200)
                .body("pools.find { it.name == 'cluster-pool' }.freeBlocks", equalTo(20_477));
        given().get("/api/v1/cells/kube-a")
                .then()
                .body("reasons", Matchers.hasItem(containsString("kubernetes source failing")));
        // the simulated cells go on
        loop.collector("alpha").orElseThrow().collect();
        given().get("/api/v1/cells/alpha")
                .then()
                .body("sources.find { it.source == 'kubernetes' }.lastSuccessAt", Matchers.notNullValue());
        given().get("/api/v1/cells/alpha")
                .then()
                .body("sources.find { it.source == 'kubernetes' }.error", equalTo(null));
    }
}
