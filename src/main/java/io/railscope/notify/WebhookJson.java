package io.railscope.notify;

/** A webhook receiver: Alertmanager's webhook payload (version 4), as it is. */
final class WebhookJson implements Notifier {

    @Override
    public String body(WebhookPayload notification) {
        return NotificationJson.write(notification);
    }
}
