package io.railscope.ops;

import static io.restassured.RestAssured.given;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.not;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.railscope.PeersProfile;
import io.railscope.collect.CollectionLoop;
import jakarta.inject.Inject;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * PostgreSQL going away behind a relay the test cuts (the shared server keeps running): pages and the API answer 503
 * saying since when, readiness says why, and both come back by themselves once the database answers again.
 */
@QuarkusTest
@TestProfile(PeersProfile.class)
class DatabaseOutageTest {

    DatabaseProxy proxy;

    @Inject
    CollectionLoop loop;

    @Test
    void whileTheDatabaseIsAwayPagesAnswer503AndHealthSaysWhy() {
        loop.collector("alpha").orElseThrow().collect();
        given().get("/cells/alpha/jobs").then().statusCode(200);

        proxy.cut();
        try {
            given().get("/cells/alpha/jobs")
                    .then()
                    .statusCode(503)
                    .contentType(containsString("text/html"))
                    .body(
                            containsString("Database unavailable since"),
                            containsString("retrying"),
                            not(containsString("Exception")));
            given().get("/api/v1/cells/alpha/jobs")
                    .then()
                    .statusCode(503)
                    .header("Retry-After", "2")
                    .body("error", containsString("Database unavailable since"));
            given().get("/q/health/ready")
                    .then()
                    .statusCode(503)
                    .body("checks.find { it.name == 'database-availability' }.status", equalTo("DOWN"))
                    .body(
                            "checks.find { it.name == 'database-availability' }.data.unavailableSince",
                            not(equalTo(null)))
                    .body("checks.find { it.name == 'database-availability' }.data.reason", not(equalTo(null)));
        } finally {
            proxy.mend();
        }

        // the pool reconnects by itself; nothing is restarted
        await().atMost(Duration.ofSeconds(60))
                .pollInterval(Duration.ofMillis(200))
                .untilAsserted(() -> given().get("/cells/alpha/jobs").then().statusCode(200));
        // ready again once the replica's next heartbeat has renewed its leases: until then it says it is behind
        await().atMost(Duration.ofSeconds(60))
                .pollInterval(Duration.ofMillis(500))
                .untilAsserted(() -> given().get("/q/health/ready")
                        .then()
                        .statusCode(200)
                        .body("checks.find { it.name == 'database-availability' }.status", equalTo("UP"))
                        .body("checks.find { it.name == 'replica' }.status", equalTo("UP")));
    }
}
