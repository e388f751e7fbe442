package io.railscope.notify;

import io.railscope.config.AlertsConfig;
import io.railscope.config.InvalidConfigurationException;

/**
 * A kind of receiver, as Alertmanager's notifiers are: what one group's notification says to it. Everything before
 * (silence, group wait, dedup) and after it (outbox, retries, idempotency keys) is the same pipeline for every kind,
 * so a new kind of receiver is one class.
 */
interface Notifier {

    /** The request body that tells this receiver of {@code notification} (Alertmanager's notification data). */
    String body(WebhookPayload notification);

    /** The notifier of receiver {@code name} as configured. */
    static Notifier of(String name, AlertsConfig.Receiver receiver) {
        return switch (receiver.kind()) {
            case WEBHOOK -> new WebhookJson();
            case PAGERDUTY ->
                new PagerDutyEvents(receiver.routingKey()
                        .filter(key -> !key.isBlank())
                        .orElseThrow(() -> new InvalidConfigurationException("railscope.alerts.receivers." + name
                                + ".routing-key is required by kind=pagerduty: the Events API v2 integration key")));
        };
    }
}
