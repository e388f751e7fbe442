package io.railscope.notify;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.railscope.alert.AlertState;
import io.railscope.alert.Fingerprint;
import io.railscope.alert.Severity;
import io.railscope.alert.StoredAlert;
import io.railscope.model.Matcher;
import io.railscope.model.Silence;
import io.railscope.notify.NotificationStore.GroupChanges;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

/** Alertmanager's grouping, pass by pass, with group_wait 30 s, group_interval 5 min, repeat_interval 4 h. */
@Execution(ExecutionMode.CONCURRENT)
class GroupingTest {

    private static final Instant T0 = Instant.parse("2026-11-30T10:00:00Z");

    private final Map<String, NotificationGroup> groups = new HashMap<>();

    @BeforeEach
    void clear() {
        groups.clear();
    }

    @Test
    void aNewGroupWaitsThenNotifiesOnceUntilSomethingChanges() {
        StoredAlert down = alert(1, "n1", AlertState.FIRING, null);
        assertThat(pass(List.of(down), T0, true).payloads()).isEmpty();
        assertThat(pass(List.of(down), T0.plusSeconds(29), true).payloads()).isEmpty();
        assertThat(pass(List.of(down), T0.plusSeconds(30), true).payloads())
                .singleElement()
                .asString()
                .contains("\"status\":\"firing\"");
        // nothing changed: nothing sent, however often it is asked
        assertThat(pass(List.of(down), T0.plusSeconds(400), true).payloads()).isEmpty();
        // a second alert joins: sent at the next group interval, with both
        StoredAlert other = alert(2, "n2", AlertState.FIRING, null);
        assertThat(pass(List.of(down, other), T0.plusSeconds(200), true).payloads())
                .isEmpty();
        assertThat(pass(List.of(down, other), T0.plusSeconds(330), true).payloads())
                .singleElement()
                .asString()
                .contains("n1")
                .contains("n2");
        // repeat_interval: sent again though nothing changed
        assertThat(pass(List.of(down, other), T0.plusSeconds(330 + 4 * 3600), true)
                        .payloads())
                .hasSize(1);
    }

    @Test
    void aResolutionIsSentOnceAndTheEmptyGroupIsForgottenThirtySecondsLater() {
        pass(List.of(alert(1, "n1", AlertState.FIRING, null)), T0, true);
        pass(List.of(alert(1, "n1", AlertState.FIRING, null)), T0.plusSeconds(30), true);
        StoredAlert resolved = alert(1, "n1", AlertState.RESOLVED, T0.plusSeconds(60));
        GroupChanges changes = pass(List.of(resolved), T0.plusSeconds(330), true);
        assertThat(changes.payloads()).singleElement().asString().contains("\"status\":\"resolved\"");
        assertThat(groups.values())
                .singleElement()
                .satisfies(group -> assertThat(group.notifiedFiring()).isEmpty());
        assertThat(pass(List.of(resolved), T0.plusSeconds(359), true).payloads())
                .isEmpty();
        assertThat(groups).hasSize(1);
        assertThat(pass(List.of(resolved), T0.plusSeconds(360), true).payloads())
                .isEmpty();
        assertThat(groups).isEmpty();
        assertThat(pass(List.of(resolved), T0.plusSeconds(700), true).payloads())
                .isEmpty();
    }

    @Test
    void anAlertFiringAgainWhileItsEmptyGroupIsKeptIsToldAtTheGroupIntervalWithoutTheOldResolution() {
        pass(List.of(alert(1, "n1", AlertState.FIRING, null)), T0, true);
        pass(List.of(alert(1, "n1", AlertState.FIRING, null)), T0.plusSeconds(30), true);
        StoredAlert resolved = alert(1, "n1", AlertState.RESOLVED, T0.plusSeconds(60));
        pass(List.of(resolved), T0.plusSeconds(330), true);
        StoredAlert again = alert(2, "n1", AlertState.FIRING, null);
        // as in Alertmanager: the group still exists, so group_interval from its last notification applies, not
        // group_wait
        assertThat(pass(List.of(resolved, again), T0.plusSeconds(340), true).payloads())
                .isEmpty();
        assertThat(pass(List.of(resolved, again), T0.plusSeconds(629), true).payloads())
                .isEmpty();
        assertThat(pass(List.of(resolved, again), T0.plusSeconds(630), true).payloads())
                .singleElement()
                .asString()
                .contains("\"status\":\"firing\"")
                .doesNotContain("\"resolved\"");
    }

    @Test
    void anAlertFiringLongAfterItsGroupWasForgottenWaitsForGroupWaitAgain() {
        pass(List.of(alert(1, "n1", AlertState.FIRING, null)), T0, true);
        pass(List.of(alert(1, "n1", AlertState.FIRING, null)), T0.plusSeconds(30), true);
        StoredAlert resolved = alert(1, "n1", AlertState.RESOLVED, T0.plusSeconds(60));
        pass(List.of(resolved), T0.plusSeconds(330), true);
        pass(List.of(resolved), T0.plusSeconds(400), true);
        StoredAlert again = new StoredAlert(
                2,
                resolved.fingerprint(),
                "a",
                "RailPortDown",
                Severity.CRITICAL,
                resolved.labels(),
                Map.of("summary", "down"),
                AlertState.FIRING,
                T0.plusSeconds(500),
                T0.plusSeconds(500),
                null,
                "http://railscope/cells/a");
        assertThat(pass(List.of(again), T0.plusSeconds(529), true).payloads()).isEmpty();
        assertThat(pass(List.of(again), T0.plusSeconds(530), true).payloads()).hasSize(1);
    }

    @Test
    void withoutSendResolvedTheResolutionIsNotSent() {
        pass(List.of(alert(1, "n1", AlertState.FIRING, null)), T0, false);
        pass(List.of(alert(1, "n1", AlertState.FIRING, null)), T0.plusSeconds(30), false);
        assertThat(pass(List.of(alert(1, "n1", AlertState.RESOLVED, T0.plusSeconds(60))), T0.plusSeconds(330), false)
                        .payloads())
                .isEmpty();
        pass(List.of(alert(1, "n1", AlertState.RESOLVED, T0.plusSeconds(60))), T0.plusSeconds(360), false);
        assertThat(groups).isEmpty();
    }

    @Test
    void silencedAndPendingAlertsAreNotNotified() {
        Silence silence = new Silence(
                UUID.randomUUID(),
                List.of(new Matcher("node", "n.*", true, true)),
                T0.minusSeconds(10),
                T0.plusSeconds(3600),
                "sre",
                "maintenance",
                T0,
                null);
        List<StoredAlert> passed = SilenceStage.pass(
                List.of(alert(1, "n1", AlertState.FIRING, null), alert(2, "x2", AlertState.PENDING, null)),
                List.of(silence),
                T0.plusSeconds(60));
        assertThat(passed)
                .as("the silence stage holds back the silenced and the pending")
                .isEmpty();
        GroupChanges changes = Grouping.decide(
                "team", receiver(true), new WebhookJson(), "http://railscope", passed, groups, T0.plusSeconds(60));
        assertThat(changes.payloads()).isEmpty();
        assertThat(changes.save()).isEmpty();
    }

    @Test
    void eachResolutionIsToldOnceWithoutTheHistoryOfEarlierOnes() throws Exception {
        // n2 keeps the group open while n1 fires and resolves three times within the 15 minutes of resolved alerts kept
        StoredAlert other = alert(9, "n2", AlertState.FIRING, null);
        List<StoredAlert> history = new ArrayList<>();
        Instant at = T0;
        for (int round = 0; round < 3; round++) {
            List<StoredAlert> firing = new ArrayList<>(history);
            firing.add(alert(10 + round, "n1", AlertState.FIRING, null));
            firing.add(other);
            pass(firing, at = at.plusSeconds(400), true);
            StoredAlert resolved = alert(10 + round, "n1", AlertState.RESOLVED, at.plusSeconds(10));
            history.add(resolved);
            List<StoredAlert> now = new ArrayList<>(history);
            now.add(other);
            GroupChanges changes = pass(now, at = at.plusSeconds(400), true);
            assertThat(changes.payloads()).as("round %d", round).singleElement().satisfies(payload -> {
                var alerts = new ObjectMapper().readTree(payload).get("alerts");
                long resolvedAlerts = StreamSupport.stream(alerts.spliterator(), false)
                        .filter(alert -> alert.get("status").asText().equals("resolved"))
                        .count();
                assertThat(resolvedAlerts).isEqualTo(1);
            });
        }
    }

    private GroupChanges pass(List<StoredAlert> alerts, Instant now, boolean sendResolved) {
        GroupChanges changes = Grouping.decide(
                "team", receiver(sendResolved), new WebhookJson(), "http://railscope", alerts, Map.copyOf(groups), now);
        changes.save().forEach(group -> groups.put(group.groupKey(), group));
        changes.delete().forEach(groups::remove);
        return changes;
    }

    private static StoredAlert alert(long id, String node, AlertState state, Instant resolvedAt) {
        Map<String, String> labels =
                Map.of("alertname", "RailPortDown", "cell", "a", "severity", "critical", "node", node);
        return new StoredAlert(
                id,
                Fingerprint.of(labels),
                "a",
                "RailPortDown",
                Severity.CRITICAL,
                labels,
                Map.of("summary", "down"),
                state,
                T0,
                state == AlertState.PENDING ? null : T0,
                resolvedAt,
                "http://railscope/cells/a");
    }

    private static GroupingRules receiver(boolean sendResolved) {
        return new GroupingRules(
                List.of("alertname", "cell"),
                Duration.ofSeconds(30),
                Duration.ofMinutes(5),
                Duration.ofHours(4),
                sendResolved,
                0);
    }
}
