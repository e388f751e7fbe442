package io.railscope.security;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.not;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.railscope.web.SilenceForm;
import java.time.Instant;
import java.util.Map;
import org.hamcrest.Matchers;
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
        given().get("/api/v1/cells")
                .then()
                .statusCode(401)
                .header("WWW-Authenticate", containsString("Bearer"))
                .body("error", containsString("bearer token is required"));
        given().header("Authorization", "Bearer not-a-token")
                .get("/api/v1/cells")
                .then()
                .statusCode(401)
                .body("error", containsString("not known"));
        given().header("Authorization", "Basic cmVhZDp4")
                .get("/api/v1/cells")
                .then()
                .statusCode(401);
        given().header("Authorization", "Bearer " + SecuredProfile.READ_TOKEN)
                .get("/api/v1/cells")
                .then()
                .statusCode(200);
        given().header("Authorization", "bearer " + SecuredProfile.ADMIN_TOKEN)
                .get("/api/v1/ipam/headroom")
                .then()
                .statusCode(200);
    }

    @Test
    void changesNeedAnAdminToken() {
        given().header("Authorization", "Bearer " + SecuredProfile.READ_TOKEN)
                .contentType("application/json")
                .body(SILENCE.formatted(Instant.now().plusSeconds(600)))
                .post("/api/v1/silences")
                .then()
                .statusCode(403)
                .body("error", containsString("admin token"));
        given().header("Authorization", "Bearer " + SecuredProfile.READ_TOKEN)
                .contentType("text/plain")
                .body("x")
                .post("/api/v1/cells/alpha/nccl/logs?namespace=a&job=b&pod=c")
                .then()
                .statusCode(403);
        given().header("Authorization", "Bearer " + SecuredProfile.ADMIN_TOKEN)
                .contentType("application/json")
                .body(SILENCE.formatted(Instant.now().plusSeconds(600)))
                .post("/api/v1/silences")
                .then()
                .statusCode(200);
        given().header("Authorization", "Bearer " + SecuredProfile.READ_TOKEN)
                .delete("/api/v1/silences/00000000-0000-0000-0000-000000000000")
                .then()
                .statusCode(403);
    }

    @Test
    void pagesNeedTheProxysUserAndSilencesAnAdminUser() {
        given().get("/cells/alpha").then().statusCode(401);
        given().header("X-Forwarded-User", "alice")
                .get("/")
                .then()
                .statusCode(200)
                .body(not(containsString(SecuredProfile.READ_TOKEN)));
        SilenceForm.withToken(Map.of("X-Forwarded-User", "alice"))
                .formParam("matchers", "cell=alpha")
                .formParam("createdBy", "alice")
                .formParam("comment", "c")
                .post("/silences")
                .then()
                .statusCode(403);
        SilenceForm.withToken(Map.of("X-Forwarded-User", "sre-lead"))
                .redirects()
                .follow(false)
                .formParam("matchers", "cell=alpha")
                .formParam("createdBy", "sre-lead")
                .formParam("comment", "c")
                .post("/silences")
                .then()
                .statusCode(303);
    }

    @Test
    void anAdminUsersFormIsParsedAndItsTextEscaped() {
        Map<String, String> admin = Map.of("X-Forwarded-User", "sre-lead");
        SilenceForm.withToken(admin)
                .redirects()
                .follow(false)
                .formParam("matchers", "cell=alpha\nalertname=~\"Rail.*\"")
                .formParam("hours", "1")
                .formParam("createdBy", "sre")
                .formParam("comment", "rail work <script>x</script>")
                .post("/silences")
                .then()
                .statusCode(303);
        given().headers(admin)
                .get("/silences")
                .then()
                .statusCode(200)
                .body(containsString("<code>alertname=~\"Rail.*\"</code>"), containsString("rail work &lt;script&gt;"));
        SilenceForm.withToken(admin)
                .formParam("matchers", "not a matcher")
                .formParam("createdBy", "sre")
                .formParam("comment", "c")
                .post("/silences")
                .then()
                .statusCode(400)
                .body(containsString("matchers[0]"));
        for (String hours : new String[] {"1e308", "Infinity", "NaN", "-1", "x"}) {
            SilenceForm.withToken(admin)
                    .formParam("matchers", "cell=alpha")
                    .formParam("hours", hours)
                    .formParam("createdBy", "sre")
                    .formParam("comment", "c")
                    .post("/silences")
                    .then()
                    .statusCode(400)
                    .body(containsString("hours: a number of hours"));
        }
    }

    @Test
    void aPageChangeIsAFormOrNothing() {
        // a body the CSRF check would not read is refused (by the CSRF check or as not a form), saying why
        given().header("X-Forwarded-User", "sre-lead")
                .contentType("text/plain")
                .body("matchers=cell%3Dalpha")
                .post("/silences")
                .then()
                .statusCode(Matchers.oneOf(400, 415))
                .body(not(Matchers.blankOrNullString()));
        given().header("X-Forwarded-User", "sre-lead")
                .post("/silences/00000000-0000-0000-0000-000000000000/expire")
                .then()
                .statusCode(Matchers.oneOf(400, 415))
                .body(not(Matchers.blankOrNullString()));
        given().header("X-Forwarded-User", "sre-lead")
                .get("/silences")
                .then()
                .statusCode(200)
                .body(not(containsString("matchers=cell")));
    }

    @Test
    void anAdminTokenLetsAUserWithoutAdminRightsChangeThings() {
        Map<String, String> alice = Map.of("X-Forwarded-User", "alice");
        // as a bearer header on the form
        SilenceForm.withToken(alice)
                .header("Authorization", "Bearer " + SecuredProfile.ADMIN_TOKEN)
                .redirects()
                .follow(false)
                .formParam("matchers", "cell=alpha")
                .formParam("createdBy", "alice")
                .formParam("comment", "c")
                .post("/silences")
                .then()
                .statusCode(303);
        // a read token is no identity for changes
        SilenceForm.withToken(alice)
                .header("Authorization", "Bearer " + SecuredProfile.READ_TOKEN)
                .formParam("matchers", "cell=alpha")
                .formParam("createdBy", "alice")
                .formParam("comment", "c")
                .post("/silences")
                .then()
                .statusCode(403)
                .body(containsString("sign in at /login"));

        // through the sign-in form: a wrong token opens nothing, an admin token opens a session
        given().headers(alice).get("/login").then().statusCode(200).body(containsString("Admin token"));
        SilenceForm.withTokenFrom("/login", alice)
                .formParam("token", SecuredProfile.READ_TOKEN)
                .post("/login")
                .then()
                .statusCode(401)
                .body(containsString("not an admin token"));
        String session = SilenceForm.withTokenFrom("/login", alice)
                .redirects()
                .follow(false)
                .formParam("token", SecuredProfile.ADMIN_TOKEN)
                .post("/login")
                .then()
                .statusCode(303)
                .extract()
                .cookie("railscope-session");
        assertThat(session).isNotBlank().doesNotContain(SecuredProfile.ADMIN_TOKEN);
        SilenceForm.withToken(alice)
                .cookie("railscope-session", session)
                .redirects()
                .follow(false)
                .formParam("matchers", "cell=alpha")
                .formParam("createdBy", "alice")
                .formParam("comment", "c")
                .post("/silences")
                .then()
                .statusCode(303);
        SilenceForm.withToken(alice)
                .cookie("railscope-session", "0".repeat(64))
                .formParam("matchers", "cell=alpha")
                .formParam("createdBy", "alice")
                .formParam("comment", "c")
                .post("/silences")
                .then()
                .statusCode(403);
    }

    @Test
    void probesAndScrapersStayOpen() {
        given().get("/q/health/live").then().statusCode(200);
        given().get("/metrics").then().statusCode(200);
    }
}
