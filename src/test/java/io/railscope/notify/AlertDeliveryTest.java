package io.railscope.notify;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.containsString;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.railscope.PeersProfile;
import io.railscope.alert.AlertChanges;
import io.railscope.alert.AlertStore;
import io.railscope.collect.CollectionLoop;
import io.railscope.config.RailscopeConfig;
import io.railscope.model.Fault;
import io.railscope.model.Matcher;
import io.railscope.model.Silence;
import io.railscope.source.sim.SimulatedFleet;
import io.railscope.web.SilenceForm;
import jakarta.inject.Inject;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;
import org.hamcrest.Matchers;
import org.junit.jupiter.api.Test;

/** Alerts of the test fleet through a real Alertmanager and through Railscope's own grouping, to a capturing webhook. */
@QuarkusTest
@TestProfile(PeersProfile.class)
class AlertDeliveryTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @Inject
    CollectionLoop loop;

    @Inject
    SimulatedFleet fleet;

    @Inject
    NotificationStore notifications;

    @Inject
    RailscopeConfig config;

    @Inject
    AlertStore alerts;

    @Inject
    SilenceStore silences;

    @Inject
    NotifiableAlerts notifiable;

    @Inject
    AlertChanges evaluator;

    @Test
    void aRailDownReachesAlertmanagerAndTheWebhookInTheSameShape() throws Exception {
        loop.collector("alpha").orElseThrow().collect();
        given().get("/api/v1/alerts?cell=alpha&state=firing")
                .then()
                .statusCode(200)
                .body("alertname", Matchers.hasItems("RailPortDown", "NeighborTableOverGcThresh2", "NcclJobDegraded"))
                .body("find { it.alertname == 'RailPortDown' }.severity", Matchers.equalTo("critical"));

        // pushed to the real Alertmanager's API
        await().pollDelay(Duration.ZERO).atMost(Duration.ofSeconds(20)).untilAsserted(() -> {
            JsonNode alerts = JSON.readTree(get(AlertmanagerResource.alertmanager
                    .url()
                    .resolve("/api/v2/alerts?filter=alertname%3D%22RailPortDown%22&filter=cell%3D%22alpha%22")));
            assertThat(alerts).isNotEmpty();
            assertThat(alerts.get(0).path("labels").path("cell").asText()).isEqualTo("alpha");
            assertThat(alerts.get(0).path("generatorURL").asText()).contains("/cells/alpha/nodes/");
        });
        // and from it to the webhook; Railscope's own receiver gets the same group
        WebhookCapture.Received fromAlertmanager = await().pollDelay(Duration.ZERO)
                .atMost(Duration.ofSeconds(30))
                .until(() -> first("/hook", "RailPortDown"), r -> r != null);
        WebhookCapture.Received fromRailscope = await().pollDelay(Duration.ZERO)
                .atMost(Duration.ofSeconds(30))
                .until(() -> first("/railscope", "RailPortDown"), r -> r != null);
        assertThat(fromAlertmanager.userAgent()).startsWith("Alertmanager/");
        JsonNode theirs = JSON.readTree(fromAlertmanager.body());
        JsonNode ours = JSON.readTree(fromRailscope.body());
        assertThat(shape(ours)).isEqualTo(shape(theirs));
        assertThat(ours.path("groupLabels")).isEqualTo(theirs.path("groupLabels"));
        assertThat(ours.path("groupKey").asText())
                .isEqualTo(theirs.path("groupKey").asText().replace("{}/{}:", "{}:"));
        assertThat(ours.path("alerts").get(0).path("fingerprint"))
                .isEqualTo(theirs.path("alerts").get(0).path("fingerprint"));
        assertThat(ours.path("commonLabels")).isEqualTo(theirs.path("commonLabels"));
    }

    @Test
    void aFreshGroupingPassAsAfterARestartSendsNothingTwice() {
        loop.collector("alpha").orElseThrow().collect();
        await().pollDelay(Duration.ZERO)
                .atMost(Duration.ofSeconds(20))
                .until(() -> first("/railscope", "RailPortDown"), r -> r != null);
        // wait until the receiver's notifications are all delivered and no new one came for 1.5 s: a second past its
        // group_interval (500 ms), after which a change the collection brought would have been notified
        long[] seen = {-1, System.nanoTime()};
        await().pollDelay(Duration.ZERO)
                .atMost(Duration.ofSeconds(30))
                .pollInterval(Duration.ofMillis(250))
                .until(() -> {
                    long now = notifications.recent(1000).stream()
                            .filter(entry -> entry.receiver().equals("team"))
                            .count();
                    boolean delivered = notifications.recent(1000).stream()
                            .filter(entry -> entry.receiver().equals("team"))
                            .allMatch(entry -> entry.deliveredAt() != null);
                    if (now != seen[0] || !delivered) {
                        seen[0] = now;
                        seen[1] = System.nanoTime();
                    }
                    return System.nanoTime() - seen[1] > 1_500_000_000L;
                });
        long queued = seen[0];
        // everything a pass needs is in PostgreSQL: a new instance after a restart decides from the same groups
        new ReceiversTask(config, notifiable, notifications, evaluator, java.time.Clock.systemUTC())
                .group(Instant.now());
        assertThat(notifications.recent(1000).stream()
                        .filter(entry -> entry.receiver().equals("team"))
                        .count())
                .isEqualTo(queued);
        assertThat(notifications.recent(1000))
                .filteredOn(entry -> entry.receiver().equals("team"))
                .allSatisfy(entry -> assertThat(entry.deliveredAt()).isNotNull());
    }

    @Test
    void aReceiverThatFailsIsRetriedWithBackoffAndItsErrorShown() {
        loop.collector("alpha").orElseThrow().collect();
        await().pollDelay(Duration.ZERO)
                .atMost(Duration.ofSeconds(20))
                .untilAsserted(() -> assertThat(notifications.recent(50))
                        .filteredOn(entry -> entry.receiver().equals("broken"))
                        .anySatisfy(entry -> {
                            assertThat(entry.deliveredAt()).isNull();
                            assertThat(entry.attempts()).isGreaterThanOrEqualTo(2);
                            assertThat(entry.lastError()).isEqualTo("HTTP 500: receiver exploded");
                            assertThat(entry.nextAttemptAt())
                                    .isAfter(Instant.now().minusSeconds(1));
                        }));
        given().get("/alerts")
                .then()
                .statusCode(200)
                .body(containsString("HTTP 500: receiver exploded"), containsString("data-state=\"firing\""));
        // the healthy receiver got its notifications all the same
        assertThat(AlertmanagerResource.capture.received())
                .anyMatch(r -> r.path().equals("/railscope"));
    }

    @Test
    void silencesMuteAndBadOnesAreRefusedWithTheField() {
        loop.collector("alpha").orElseThrow().collect();
        given().contentType("application/json")
                .body("""
                {"matchers":[{"name":"alertname","value":"Neighbor.*","isRegex":true,"isEqual":true}],
                 "endsAt":"%s","createdBy":"on-call","comment":"known, ticket OPS-1"}""".formatted(Instant.now().plusSeconds(3600)))
                .post("/api/v1/silences")
                .then()
                .statusCode(200)
                .body("silenceID", Matchers.notNullValue());
        given().get("/api/v1/alerts?cell=alpha&state=firing")
                .then()
                .statusCode(200)
                .body("find { it.alertname == 'NeighborTableOverGcThresh2' }.silenced", Matchers.equalTo(true))
                .body("find { it.alertname == 'RailPortDown' }.silenced", Matchers.equalTo(false));
        given().get("/api/v1/silences")
                .then()
                .statusCode(200)
                .body("find { it.comment == 'known, ticket OPS-1' }.state", Matchers.equalTo("active"));

        given().contentType("application/json")
                .body("""
                {"matchers":[{"name":"alertname","value":"(unclosed","isRegex":true,"isEqual":true}],
                 "endsAt":"%s","createdBy":"a","comment":"b"}""".formatted(Instant.now().plusSeconds(60)))
                .post("/api/v1/silences")
                .then()
                .statusCode(400)
                .body("error", containsString("matchers[0].value"));
        given().contentType("application/json")
                .body("""
                {"matchers":[{"name":"cell","value":"alpha","isRegex":false,"isEqual":true}],
                 "startsAt":"%s","endsAt":"%s","createdBy":"a","comment":"b"}""".formatted(
                                Instant.now().plusSeconds(600), Instant.now().plusSeconds(60)))
                .post("/api/v1/silences")
                .then()
                .statusCode(400)
                .body("error", containsString("endsAt"));
        given().delete("/api/v1/silences/00000000-0000-0000-0000-000000000000")
                .then()
                .statusCode(404);
        // a pattern RE2 refuses once anchored (\Q quotes the closing parenthesis away) is refused, naming its matcher
        given().contentType("application/json")
                .body("""
                {"matchers":[{"name":"cell","value":"alpha","isRegex":false,"isEqual":true},
                             {"name":"node","value":"\\\\Qgpu","isRegex":true,"isEqual":true}],
                 "endsAt":"%s","createdBy":"a","comment":"b"}""".formatted(Instant.now().plusSeconds(60)))
                .post("/api/v1/silences")
                .then()
                .statusCode(400)
                .body("error", containsString("matchers[1].value"));
        // one stored before matchers were checked so is shown broken and breaks nothing
        silences.create(new Silence(
                UUID.randomUUID(),
                List.of(new Matcher("cell", "alpha", false, true), new Matcher("node", "\\Qgpu", true, true)),
                Instant.now().minusSeconds(5),
                Instant.now().plusSeconds(600),
                "legacy",
                "stored broken",
                Instant.now(),
                null));
        given().get("/api/v1/alerts").then().statusCode(200);
        given().get("/alerts").then().statusCode(200);
        given().get("/silences").then().statusCode(200).body(containsString("broken: mutes nothing"));
        new ReceiversTask(config, notifiable, notifications, evaluator, java.time.Clock.systemUTC())
                .group(Instant.now());
        given().get("/silences").then().statusCode(200).body(containsString("known, ticket OPS-1"));

        // the page's form needs an identity, and none is configured here (AccessIT posts it as an admin user)
        SilenceForm.withToken(Map.of())
                .formParam("matchers", "cell=alpha")
                .formParam("createdBy", "sre")
                .formParam("comment", "c")
                .post("/silences")
                .then()
                .statusCode(403)
                .body(containsString("railscope.security.trusted-user-header"));
        // a form posted from elsewhere, without the page's token, is refused
        given().formParam("matchers", "cell=alpha")
                .formParam("createdBy", "sre")
                .formParam("comment", "c")
                .post("/silences")
                .then()
                .statusCode(Matchers.either(Matchers.is(400)).or(Matchers.is(403)));
    }

    @Test
    void aClearedFaultResolvesAndTheResolutionIsNotified() throws Exception {
        loop.collector("alpha").orElseThrow().collect();
        await().pollDelay(Duration.ZERO)
                .atMost(Duration.ofSeconds(30))
                .until(() -> first("/railscope", "RailPortDown"), r -> r != null);
        fleet.cell("alpha").orElseThrow().clear(Fault.RAIL_DOWN);
        try {
            loop.collector("alpha").orElseThrow().collect();
            given().get("/api/v1/alerts?cell=alpha&state=resolved")
                    .then()
                    .statusCode(200)
                    .body("alertname", Matchers.hasItem("RailPortDown"));
            WebhookCapture.Received resolved = await().pollDelay(Duration.ZERO)
                    .atMost(Duration.ofSeconds(30))
                    .until(
                            () -> AlertmanagerResource.capture.received().stream()
                                    .filter(r -> r.path().equals("/railscope")
                                            && r.body().contains("RailPortDown")
                                            && aboutAlpha(r)
                                            && r.body().contains("\"status\":\"resolved\""))
                                    .findFirst()
                                    .orElse(null),
                            r -> r != null);
            JsonNode payload = JSON.readTree(resolved.body());
            assertThat(payload.path("alerts").get(0).path("endsAt").asText()).isNotEqualTo("0001-01-01T00:00:00Z");
            given().get("/alerts")
                    .then()
                    .statusCode(200)
                    .body(containsString("data-alert=\"RailPortDown\" data-state=\"resolved\""));
        } finally {
            fleet.cell("alpha").orElseThrow().inject(Fault.RAIL_DOWN);
        }
    }

    @Test
    void aRailDownOpensOnePagerDutyIncidentAndItsClearanceResolvesIt() throws Exception {
        loop.collector("alpha").orElseThrow().collect();
        JsonNode trigger = JSON.readTree(await().pollDelay(Duration.ZERO)
                .atMost(Duration.ofSeconds(30))
                .until(() -> pagerDuty("trigger"), r -> r != null)
                .body());
        assertThat(trigger.path("routing_key").asText()).isEqualTo(AlertmanagerResource.PAGERDUTY_ROUTING_KEY);
        assertThat(trigger.path("dedup_key").asText()).matches("[0-9a-f]{64}");
        assertThat(trigger.path("payload").path("summary").asText()).startsWith("[FIRING:1] RailPortDown alpha");
        assertThat(trigger.path("payload").path("severity").asText()).isEqualTo("critical");
        assertThat(trigger.path("payload").path("source").asText()).startsWith("alpha-gpu-");
        assertThat(trigger.path("payload")
                        .path("custom_details")
                        .path("num_firing")
                        .asText())
                .isEqualTo("1");
        assertThat(trigger.path("links").get(0).path("href").asText()).contains("/cells/alpha/nodes/");
        assertThat(trigger.path("client").asText()).isEqualTo("Railscope");

        fleet.cell("alpha").orElseThrow().clear(Fault.RAIL_DOWN);
        try {
            loop.collector("alpha").orElseThrow().collect();
            JsonNode resolve = JSON.readTree(await().pollDelay(Duration.ZERO)
                    .atMost(Duration.ofSeconds(30))
                    .until(() -> pagerDuty("resolve"), r -> r != null)
                    .body());
            assertThat(resolve.path("dedup_key")).as("the same incident").isEqualTo(trigger.path("dedup_key"));
            assertThat(resolve.path("payload").path("summary").asText()).startsWith("[RESOLVED] RailPortDown alpha");
        } finally {
            fleet.cell("alpha").orElseThrow().inject(Fault.RAIL_DOWN);
        }
    }

    /** The first PagerDuty event with {@code action} about alpha's RailPortDown group. */
    private static WebhookCapture.Received pagerDuty(String action) {
        return AlertmanagerResource.capture.received().stream()
                .filter(r -> r.path().equals("/pagerduty")
                        && r.body().contains("\"event_action\":\"" + action + "\"")
                        && r.body().contains("RailPortDown alpha"))
                .findFirst()
                .orElse(null);
    }

    /** The first notification to {@code path} about alpha (other cells of the profile notify the same receivers) that names {@code text}. */
    private static WebhookCapture.Received first(String path, String text) {
        return AlertmanagerResource.capture.received().stream()
                .filter(r -> r.path().equals(path) && r.body().contains(text) && aboutAlpha(r))
                .findFirst()
                .orElse(null);
    }

    private static boolean aboutAlpha(WebhookCapture.Received received) {
        try {
            return JSON.readTree(received.body())
                    .path("groupLabels")
                    .path("cell")
                    .asText()
                    .equals("alpha");
        } catch (IOException e) {
            return false;
        }
    }

    private static String get(URI url) throws IOException, InterruptedException {
        return HttpClient.newHttpClient()
                .send(HttpRequest.newBuilder(url).build(), HttpResponse.BodyHandlers.ofString())
                .body();
    }

    /** The keys and value types of a JSON document, recursively; arrays by their first element. */
    static Object shape(JsonNode node) {
        if (node.isObject()) {
            Map<String, Object> shape = new TreeMap<>();
            for (Iterator<Map.Entry<String, JsonNode>> fields = node.fields(); fields.hasNext(); ) {
                Map.Entry<String, JsonNode> field = fields.next();
                shape.put(field.getKey(), shape(field.getValue()));
            }
            return shape;
        }
        if (node.isArray()) {
            return node.isEmpty() ? List.of() : List.of(shape(node.get(0)));
        }
        return node.getNodeType().name();
    }
}
