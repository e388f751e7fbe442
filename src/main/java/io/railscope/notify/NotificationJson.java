package io.railscope.notify;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;

/** Notifications as the JSON receivers read. */
final class NotificationJson {

    private static final ObjectMapper JSON = new ObjectMapper();

    private NotificationJson() {}

    static String write(Object notification) {
        try {
            return JSON.writeValueAsString(notification);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a notification could not be written as JSON: " + e.getMessage(), e);
        }
    }
}
