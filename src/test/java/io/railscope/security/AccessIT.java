package io.railscope.security;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.not;

import io.railscope.ops.RailscopeProcess;
import io.railscope.ops.WaitsOnProcesses;
import io.railscope.web.SilenceForm;
import io.restassured.RestAssured;
import io.restassured.builder.RequestSpecBuilder;
import io.restassured.specification.RequestSpecification;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import org.hamcrest.Matchers;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

/**
 * Tokens on the API, the trusted proxy header on the pages, and what each may change: the packaged jar configured
 * as README's security section says, on a database of its own, beside the other integration tests.
 */
// the packaged jar's tests start first, and wait on their processes beside the others
@Order(4)
@ExtendWith(WaitsOnProcesses.class)
@Execution(ExecutionMode.CONCURRENT)
class AccessIT {

    private static final String READ_TOKEN = "read-token-4f1c";
    private static final String ADMIN_TOKEN = "admin-token-9a7e";

    private static RailscopeProcess railscope;
    private static RequestSpecification server;

    @BeforeAll
    static void startSecured() throws Exception {
        railscope = RailscopeProcess.start(
                "-Dquarkus.datasource.jdbc.url=" + RailscopeProcess.emptyDatabase("access"),
                "-Drailscope.cells.alpha.simulated.nodes=4",
                // sha256 of the two tokens above
                "-Drailscope.security.tokens.dashboards.sha256="
                        + "ac6c91e80eab41e1cbe08ad7a14c1c7fb5db54925916a113938ec2142362b906",
                "-Drailscope.security.tokens.dashboards.scope=read",
                "-Drailscope.security.tokens.on-call.sha256="
                        + "ac782516cc94a6142860e8af958e5090c6563efc4704173725f555e347486cc4",
                "-Drailscope.security.tokens.on-call.scope=admin",
                "-Drailscope.security.trusted-user-header=X-Forwarded-User",
                "-Drailscope.security.admin-users=sre-lead");
        server = new RequestSpecBuilder()
                .setBaseUri("http://127.0.0.1")
                .setPort(railscope.port())
                .build();
        await().atMost(Duration.ofSeconds(90))
                .pollInterval(Duration.ofMillis(250))
                .ignoreExceptions()
                .untilAsserted(() -> given().get("/q/health/ready").then().statusCode(200));
    }

    @AfterAll
    static void stop() throws Exception {
        railscope.close();
    }

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
        given().header("Authorization", "Bearer " + READ_TOKEN)
                .get("/api/v1/cells")
                .then()
                .statusCode(200);
        given().header("Authorization", "bearer " + ADMIN_TOKEN)
                .get("/api/v1/ipam/headroom")
                .then()
                .statusCode(200);
    }

    @Test
    void changesNeedAnAdminToken() {
        given().header("Authorization", "Bearer " + READ_TOKEN)
                .contentType("application/json")
                .body(SILENCE.formatted(Instant.now().plusSeconds(600)))
                .post("/api/v1/silences")
                .then()
                .statusCode(403)
                .body("error", containsString("admin token"));
        given().header("Authorization", "Bearer " + READ_TOKEN)
                .contentType("text/plain")
                .body("x")
                .post("/api/v1/cells/alpha/nccl/logs?namespace=a&job=b&pod=c")
                .then()
                .statusCode(403);
        given().header("Authorization", "Bearer " + ADMIN_TOKEN)
                .contentType("application/json")
                .body(SILENCE.formatted(Instant.now().plusSeconds(600)))
                .post("/api/v1/silences")
                .then()
                .statusCode(200);
        given().header("Authorization", "Bearer " + READ_TOKEN)
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
                .body(not(containsString(READ_TOKEN)));
        form(Map.of("X-Forwarded-User", "alice"))
                .formParam("matchers", "cell=alpha")
                .formParam("createdBy", "alice")
                .formParam("comment", "c")
                .post("/silences")
                .then()
                .statusCode(403);
        form(Map.of("X-Forwarded-User", "sre-lead"))
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
        form(admin)
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
        form(admin)
                .formParam("matchers", "not a matcher")
                .formParam("createdBy", "sre")
                .formParam("comment", "c")
                .post("/silences")
                .then()
                .statusCode(400)
                .body(containsString("matchers[0]"));
        for (String hours : new String[] {"1e308", "Infinity", "NaN", "-1", "x"}) {
            form(admin)
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
        form(alice)
                .header("Authorization", "Bearer " + ADMIN_TOKEN)
                .redirects()
                .follow(false)
                .formParam("matchers", "cell=alpha")
                .formParam("createdBy", "alice")
                .formParam("comment", "c")
                .post("/silences")
                .then()
                .statusCode(303);
        // a read token is no identity for changes
        form(alice)
                .header("Authorization", "Bearer " + READ_TOKEN)
                .formParam("matchers", "cell=alpha")
                .formParam("createdBy", "alice")
                .formParam("comment", "c")
                .post("/silences")
                .then()
                .statusCode(403)
                .body(containsString("sign in at /login"));

        // through the sign-in form: a wrong token opens nothing, an admin token opens a session
        given().headers(alice).get("/login").then().statusCode(200).body(containsString("Admin token"));
        SilenceForm.withTokenFrom(AccessIT::given, "/login", alice)
                .formParam("token", READ_TOKEN)
                .post("/login")
                .then()
                .statusCode(401)
                .body(containsString("not an admin token"));
        String session = SilenceForm.withTokenFrom(AccessIT::given, "/login", alice)
                .redirects()
                .follow(false)
                .formParam("token", ADMIN_TOKEN)
                .post("/login")
                .then()
                .statusCode(303)
                .extract()
                .cookie("railscope-session");
        assertThat(session).isNotBlank().doesNotContain(ADMIN_TOKEN);
        form(alice)
                .cookie("railscope-session", session)
                .redirects()
                .follow(false)
                .formParam("matchers", "cell=alpha")
                .formParam("createdBy", "alice")
                .formParam("comment", "c")
                .post("/silences")
                .then()
                .statusCode(303);
        form(alice)
                .cookie("railscope-session", "0".repeat(64))
                .formParam("matchers", "cell=alpha")
                .formParam("createdBy", "alice")
                .formParam("comment", "c")
                .post("/silences")
                .then()
                .statusCode(403);
    }

    @Test
    void theFleetsVerdictsAsMetricsNeedAReadTokenAsTheApiDoes() {
        given().get("/metrics/fleet").then().statusCode(401);
        given().header("Authorization", "Bearer " + READ_TOKEN)
                .get("/metrics/fleet")
                .then()
                .statusCode(200)
                .body(containsString("# TYPE railscope_cell_health gauge"));
    }

    @Test
    void probesAndScrapersStayOpen() {
        given().get("/q/health/live").then().statusCode(200);
        given().get("/metrics").then().statusCode(200);
    }

    private static RequestSpecification given() {
        return RestAssured.given().spec(server);
    }

    private static RequestSpecification form(Map<String, String> headers) {
        return SilenceForm.withTokenFrom(AccessIT::given, "/silences", headers);
    }
}
