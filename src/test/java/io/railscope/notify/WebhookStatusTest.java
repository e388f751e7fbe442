package io.railscope.notify;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class WebhookStatusTest {

    @Test
    void aWebhookPayloadWritesItsStatusesAsAlertmanagerDoes() {
        WebhookPayload notification = new WebhookPayload(
                "oncall",
                WebhookStatus.FIRING,
                List.of(
                        new WebhookPayload.Alert(
                                WebhookStatus.FIRING, Map.of(), Map.of(), "t", WebhookPayload.NO_END, "", "a"),
                        new WebhookPayload.Alert(WebhookStatus.RESOLVED, Map.of(), Map.of(), "t", "t", "", "b")),
                Map.of(),
                Map.of(),
                Map.of(),
                "http://railscope",
                "4",
                "{}:{}",
                0);
        assertThat(new WebhookJson().body(notification))
                .startsWith("{\"receiver\":\"oncall\",\"status\":\"firing\",\"alerts\":[{\"status\":\"firing\",")
                .contains("{\"status\":\"resolved\",");
        assertThat(WebhookStatus.RESOLVED).hasToString("resolved");
    }
}
