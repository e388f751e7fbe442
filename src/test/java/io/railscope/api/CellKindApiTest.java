package io.railscope.api;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;

import io.quarkus.test.junit.QuarkusTest;
import io.railscope.collect.CollectionLoop;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

@QuarkusTest
class CellKindApiTest {

    @Inject
    CollectionLoop loop;

    @Test
    void aSimulatedCellSaysSoInTheApiAndOnItsPage() {
        loop.collector("alpha").orElseThrow().collect();
        given().get("/api/v1/cells/alpha").then().statusCode(200).body("kind", equalTo("SIMULATED"));
        given().get("/")
                .then()
                .statusCode(200)
                .body(containsString("<a href=\"/cells/alpha\">alpha</a> <span class=\"tag\">simulated</span>"));
    }
}
