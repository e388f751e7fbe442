package io.railscope.notify;

import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.util.Map;

/**
 * A real Alertmanager for Railscope to push to, routing to a capturing webhook; and Railscope's own
 * webhook receivers: one healthy on the same capture, one that answers 500.
 */
public class AlertmanagerResource implements QuarkusTestResourceLifecycleManager {

    static WebhookCapture capture;
    static AlertmanagerFixture alertmanager;

    @Override
    public Map<String, String> start() {
        try {
            capture = new WebhookCapture();
            alertmanager = AlertmanagerFixture.routingTo(capture.url("/hook"));
            return Map.of(
                    "railscope.alerts.alertmanager-urls",
                    alertmanager.url().toString(),
                    "railscope.alerts.receivers.team.url",
                    capture.url("/railscope").toString(),
                    "railscope.alerts.receivers.team.group-wait",
                    "1s",
                    "railscope.alerts.receivers.team.group-interval",
                    "2s",
                    "railscope.alerts.receivers.broken.url",
                    capture.url("/broken").toString(),
                    "railscope.alerts.receivers.broken.group-wait",
                    "1s");
        } catch (Exception e) {
            throw new IllegalStateException("alertmanager did not start: " + e.getMessage(), e);
        }
    }

    @Override
    public void stop() {
        try {
            if (alertmanager != null) {
                alertmanager.close();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        if (capture != null) {
            capture.close();
        }
    }
}
