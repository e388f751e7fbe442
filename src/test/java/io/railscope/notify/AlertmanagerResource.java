package io.railscope.notify;

import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.util.Map;

/**
 * A real Alertmanager for Railscope to push to, routing to a capturing webhook; and Railscope's own
 * webhook receivers: one healthy on the same capture, one that answers 500; and a PagerDuty receiver on the capture.
 * Railscope's receivers wait 200 ms for a new group and 500 ms between two notifications of a group: the tests
 * only need these to pass, and wait for each of them.
 */
public class AlertmanagerResource implements QuarkusTestResourceLifecycleManager {

    static WebhookCapture capture;
    static AlertmanagerFixture alertmanager;

    /** The routing key of the PagerDuty receiver, whose Events API the capture stands in for. */
    static final String PAGERDUTY_ROUTING_KEY = "R0UT1NGKEY0000000000000000000000";

    @Override
    public Map<String, String> start() {
        try {
            capture = new WebhookCapture();
            alertmanager = AlertmanagerFixture.routingTo(capture.url("/hook"));
            String[] pairs = {
                "railscope.alerts.alertmanager-urls",
                alertmanager.url().toString(),
                "railscope.alerts.receivers.team.url",
                capture.url("/railscope").toString(),
                "railscope.alerts.receivers.team.group-wait",
                "200ms",
                "railscope.alerts.receivers.team.group-interval",
                "500ms",
                "railscope.alerts.receivers.broken.url",
                capture.url("/broken").toString(),
                "railscope.alerts.receivers.broken.group-wait",
                "200ms",
                "railscope.alerts.receivers.oncall.kind",
                "pagerduty",
                "railscope.alerts.receivers.oncall.url",
                capture.url("/pagerduty").toString(),
                "railscope.alerts.receivers.oncall.routing-key",
                PAGERDUTY_ROUTING_KEY,
                "railscope.alerts.receivers.oncall.group-wait",
                "200ms",
                "railscope.alerts.receivers.oncall.group-interval",
                "500ms"
            };
            Map<String, String> properties = new java.util.LinkedHashMap<>();
            for (int i = 0; i < pairs.length; i += 2) {
                properties.put(pairs[i], pairs[i + 1]);
            }
            return properties;
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
