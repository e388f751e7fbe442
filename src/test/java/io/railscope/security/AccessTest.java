package io.railscope.security;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.not;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/** Tokens on the API, the trusted proxy header on the pages, and what each may change. */
@QuarkusTest
@TestProfile(SecuredProfile.class)
class AccessTest {

    private static final String SILENCE = """
            {"matchers":[{"name":"alertname","value":"RailPortDown","isRegex":false,"isEqual":true}],
             "endsAt":"%s","createdBy":"on-call","comment":"test"}""";

    @Test
    void theApiNeedsAKnownToken() {
        given().get("/api/v1/cells").then().statusCode(401).header("WWW-Authenticate", containsString("Bearer"))
                .body("error", containsString("bearer token is required"));
        given().header("Authorization", "Bearer not-a-token").get("/api/v1/cells").then().statusCode(401)
                .body("error", containsString("not known"));
        given().header("Authorization", "Basic cmVhZDp4").get("/api/v1/cells").then().statusCode(401);
        given().header("Authorization", "Bearer " + SecuredProfile.READ_TOKEN).get("/api/v1/cells").then().statusCode(200);
        given().header("Authorization", "bearer " + SecuredProfile.ADMIN_TOKEN).get("/api/v1/ipam/headroom").then().statusCode(200);
    }

    @Test
    void changesNeedAnAdminToken() {
        given().header("Authorization", "Bearer " + SecuredProfile.READ_TOKEN).contentType("application/json")
                .body(SILENCE.formatted(Instant.now().plusSeconds(600))).post("/api/v1/silences").then().statusCode(403)
                .body("error", containsString("admin token"));
        given().header("Authorization", "Bearer " + SecuredProfile.READ_TOKEN).contentType("text/plain").body("x")
                .post("/api/v1/cells/alpha/nccl/logs?namespace=a&job=b&pod=c").then().statusCode(403);
        given().header("Authorization", "Bearer " + SecuredProfile.ADMIN_TOKEN).contentType("application/json")
                .body(SILENCE.formatted(Instant.now().plusSeconds(600))).post("/api/v1/silences").then().statusCode(200);
        given().header("Authorization", "Bearer " + SecuredProfile.READ_TOKEN).delete("/api/v1/silences/00000000-0000-0000-0000-000000000000")
                .then().statusCode(403);
    }

    @Test
    void pagesNeedTheProxysUserAndSilencesAnAdminUser() {
        given().get("/cells/alpha").then().statusCode(401);
        given().header("X-Forwarded-User", "alice").get("/").then().statusCode(200).body(not(containsString(SecuredProfile.READ_TOKEN)));
        io.railscope.web.SilenceForm.withToken(java.util.Map.of("X-Forwarded-User", "alice")).formParam("matchers", "cell=alpha")
                .formParam("createdBy", "alice").formParam("comment", "c").post("/silences").then().statusCode(403);
        io.railscope.web.SilenceForm.withToken(java.util.Map.of("X-Forwarded-User", "sre-lead")).redirects().follow(false)
                .formParam("matchers", "cell=alpha").formParam("createdBy", "sre-lead").formParam("comment", "c").post("/silences").then().statusCode(303);
    }

    @Test
    void probesAndScrapersStayOpen() {
        given().get("/q/health/live").then().statusCode(200);
        given().get("/metrics").then().statusCode(200);
    }
}
