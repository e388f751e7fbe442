package io.railscope.notify;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

/** A group's notification as PagerDuty's Events API v2 reads it. */
@Execution(ExecutionMode.CONCURRENT)
class PagerDutyEventsTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void theSeverityIsTheHighestOfTheFiringAlertsAndTheSummaryFitsPagerDutysLimit() throws Exception {
        String longNode = "n".repeat(2_000);
        WebhookPayload notification = new WebhookPayload(
                "oncall",
                WebhookStatus.FIRING,
                List.of(
                        alert(WebhookStatus.FIRING, "warning", "a"),
                        alert(WebhookStatus.FIRING, "critical", longNode),
                        alert(WebhookStatus.RESOLVED, "info", "c")),
                Map.of("alertname", "RailPortErrors", "cell", "c1"),
                Map.of("alertname", "RailPortErrors", "cell", "c1", "rail", "3"),
                Map.of(),
                "http://railscope",
                "4",
                "{}:{alertname=\"RailPortErrors\", cell=\"c1\"}",
                0);
        JsonNode event = JSON.readTree(new PagerDutyEvents("key").body(notification));
        assertThat(event.path("event_action").asText()).isEqualTo("trigger");
        assertThat(event.path("payload").path("severity").asText()).isEqualTo("critical");
        assertThat(event.path("payload").path("summary").asText()).isEqualTo("[FIRING:2] RailPortErrors c1 (3)");
        assertThat(event.path("payload").path("source").asText()).isEqualTo("c1");
        assertThat(event.path("payload")
                        .path("custom_details")
                        .path("num_resolved")
                        .asText())
                .isEqualTo("1");
        assertThat(event.path("client_url").asText()).isEqualTo("http://railscope/alerts");

        WebhookPayload wide = new WebhookPayload(
                "oncall",
                WebhookStatus.RESOLVED,
                List.of(alert(WebhookStatus.RESOLVED, "page-me", longNode)),
                Map.of("node", longNode),
                Map.of("node", longNode),
                Map.of(),
                "http://railscope",
                "4",
                "{}:{node=\"" + longNode + "\"}",
                0);
        JsonNode resolve = JSON.readTree(new PagerDutyEvents("key").body(wide));
        assertThat(resolve.path("event_action").asText()).isEqualTo("resolve");
        assertThat(resolve.path("payload").path("summary").asText())
                .hasSize(PagerDutyEvents.MAX_SUMMARY)
                .startsWith("[RESOLVED] nnn")
                .endsWith("…");
        assertThat(resolve.path("payload").path("severity").asText())
                .as("a severity PagerDuty does not know: Alertmanager's default")
                .isEqualTo("error");
    }

    private static WebhookPayload.Alert alert(WebhookStatus status, String severity, String node) {
        return new WebhookPayload.Alert(
                status,
                Map.of("alertname", "RailPortErrors", "severity", severity, "node", node),
                Map.of("summary", "erroring"),
                "2026-12-01T00:00:00Z",
                WebhookPayload.NO_END,
                "http://railscope/cells/c1/nodes/" + node,
                "f");
    }
}
