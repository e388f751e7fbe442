package io.railscope.notify;

import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Locale;

/** Whether a webhook notification, or an alert in it, is firing or resolved. */
public enum WebhookStatus {
    FIRING,
    RESOLVED;

    /** As Alertmanager's webhook payload writes it. */
    @JsonValue
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    @Override
    public String toString() {
        return label();
    }
}
