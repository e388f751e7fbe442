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
 * NCCL RAS end to end in the test fleet: bravo asks its running jobs' RAS service; with nccl-ranks-missing its job
 * restarts on NCCL 2.29, whose RAS reports a rank missing and dead, into the store, the job's API and page, and the
 * NcclRanksMissing alert, which resolves when the fault clears.
 */
@QuarkusTest
class RanksMissingTest {

    private static final String JOB = "/cells/bravo/jobs/team-a/llm-pretrain-job-0";

    @Inject
    CollectionLoop loop;

    @Inject
    SimulatedFleet fleet;

    @Test
    void aLostRankIsShownAlertedAndResolved() {
        var bravo = fleet.cell("bravo").orElseThrow();
        try {
            loop.collector("bravo").orElseThrow().collect();
            // NCCL 2.21 has no RAS: the job is not asked, and the page says why
            assertThat(job().getString("ras.error")).contains("NCCL 2.21.5+cuda12.4 has no RAS service");

            bravo.inject(Fault.NCCL_RANKS_MISSING);
            await().atMost(Duration.ofSeconds(20))
                    .pollInterval(Duration.ofMillis(200))
                    .untilAsserted(() -> {
                        loop.collector("bravo").orElseThrow().collect();
                        assertThat(job().getInt("ras.missingRanks")).isEqualTo(1);
                    });
            JsonPath ras = job();
            assertThat(ras.getInt("ras.deadRanks")).isEqualTo(1);
            // over TCP, at the pod-network address of the first pod, whose NCCL_RAS_ADDR opens it
            assertThat(ras.getString("ras.address")).isEqualTo("10.244.0.2:28028");
            assertThat(ras.getString("ras.communicators[0].missing[0].host")).isEqualTo("llm-pretrain-job-0-worker-7");
            assertThat(given().get(JOB).then().statusCode(200).extract().asString())
                    .contains("<h2>NCCL RAS</h2>", "1 communicator; 1 rank missing (1 dead)");
            await().atMost(Duration.ofSeconds(10))
                    .untilAsserted(() -> assertThat(firing()).contains("NcclRanksMissing"));

            bravo.clear(Fault.NCCL_RANKS_MISSING);
            await().atMost(Duration.ofSeconds(20))
                    .pollInterval(Duration.ofMillis(200))
                    .untilAsserted(() -> {
                        loop.collector("bravo").orElseThrow().collect();
                        assertThat(firing()).doesNotContain("NcclRanksMissing");
                    });
        } finally {
            bravo.clear(Fault.NCCL_RANKS_MISSING);
        }
    }

    private static JsonPath job() {
        return given().get("/api/v1" + JOB).then().statusCode(200).extract().jsonPath();
    }

    private static List<String> firing() {
        return given().get("/api/v1/alerts?cell=bravo&state=firing")
                .then()
                .statusCode(200)
                .extract()
                .jsonPath()
                .getList("alertname", String.class);
    }
}
