package io.railscope.notify;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import io.railscope.alert.AlertState;
import io.railscope.alert.StoredAlert;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Alertmanager's webhook payload, version 4, field for field: a receiver cannot tell Railscope's
 * notification from Alertmanager's.
 */
@JsonPropertyOrder({
    "receiver",
    "status",
    "alerts",
    "groupLabels",
    "commonLabels",
    "commonAnnotations",
    "externalURL",
    "version",
    "groupKey",
    "truncatedAlerts"
})
public record WebhookPayload(
        String receiver,
        WebhookStatus status,
        List<Alert> alerts,
        Map<String, String> groupLabels,
        Map<String, String> commonLabels,
        Map<String, String> commonAnnotations,
        @JsonProperty("externalURL") String externalUrl,
        String version,
        String groupKey,
        long truncatedAlerts) {

    /** The zero time Alertmanager writes as endsAt of an alert that has not ended. */
    static final String NO_END = "0001-01-01T00:00:00Z";

    @JsonPropertyOrder({"status", "labels", "annotations", "startsAt", "endsAt", "generatorURL", "fingerprint"})
    public record Alert(
            WebhookStatus status,
            Map<String, String> labels,
            Map<String, String> annotations,
            String startsAt,
            String endsAt,
            @JsonProperty("generatorURL") String generatorUrl,
            String fingerprint) {

        static Alert of(StoredAlert alert) {
            boolean resolved = alert.state() == AlertState.RESOLVED;
            return new Alert(
                    resolved ? WebhookStatus.RESOLVED : WebhookStatus.FIRING,
                    alert.labels(),
                    alert.annotations(),
                    time(alert.startsAt()),
                    resolved ? time(alert.resolvedAt()) : NO_END,
                    alert.generatorUrl(),
                    alert.fingerprint());
        }
    }

    static WebhookPayload of(
            String receiver,
            String groupKey,
            Map<String, String> groupLabels,
            List<StoredAlert> alerts,
            int maxAlerts,
            String externalUrl) {
        List<Alert> all = alerts.stream().map(Alert::of).toList();
        List<Alert> sent = maxAlerts > 0 && all.size() > maxAlerts ? all.subList(0, maxAlerts) : all;
        boolean firing = all.stream().anyMatch(alert -> alert.status() == WebhookStatus.FIRING);
        return new WebhookPayload(
                receiver,
                firing ? WebhookStatus.FIRING : WebhookStatus.RESOLVED,
                sent,
                new TreeMap<>(groupLabels),
                common(all.stream().map(Alert::labels).toList()),
                common(all.stream().map(Alert::annotations).toList()),
                externalUrl,
                "4",
                groupKey,
                all.size() - sent.size());
    }

    /** The pairs every map has. */
    static Map<String, String> common(List<Map<String, String>> maps) {
        if (maps.isEmpty()) {
            return Map.of();
        }
        Map<String, String> common = new TreeMap<>(maps.get(0));
        for (Map<String, String> map : maps.subList(1, maps.size())) {
            common.entrySet().removeIf(entry -> !entry.getValue().equals(map.get(entry.getKey())));
        }
        return common;
    }

    /** Alertmanager's group key of a root-route group: {@code {}:{a="1", b="2"}}. */
    static String groupKey(Map<String, String> groupLabels) {
        StringBuilder key = new StringBuilder("{}:{");
        boolean first = true;
        for (Map.Entry<String, String> label : new TreeMap<>(groupLabels).entrySet()) {
            key.append(first ? "" : ", ")
                    .append(label.getKey())
                    .append("=\"")
                    .append(label.getValue()
                            .replace("\\", "\\\\")
                            .replace("\"", "\\\"")
                            .replace("\n", "\\n"))
                    .append('"');
            first = false;
        }
        return key.append('}').toString();
    }

    static Map<String, String> groupLabels(Map<String, String> labels, List<String> groupBy) {
        if (groupBy.contains("...")) {
            return new TreeMap<>(labels);
        }
        Map<String, String> group = new LinkedHashMap<>();
        for (String name : groupBy) {
            if (labels.containsKey(name)) {
                group.put(name, labels.get(name));
            }
        }
        return new TreeMap<>(group);
    }

    static String time(Instant instant) {
        return instant == null ? NO_END : instant.toString();
    }
}
