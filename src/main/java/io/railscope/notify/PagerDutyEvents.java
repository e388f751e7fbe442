package io.railscope.notify;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * A PagerDuty service, through its Events API v2: one event per group, {@code trigger} while any of its alerts fires
 * and {@code resolve} once all have resolved, under a dedup key that is the group key's SHA-256, so PagerDuty keeps one
 * incident per group. Written as Alertmanager's PagerDuty notifier writes it (notify/pagerduty/pagerduty.go,
 * notifyV2; the default subject and details of template/default.tmpl): the summary is the group's subject cut to
 * 1,024 characters; the severity, which Alertmanager takes from its configuration (default {@code error}), is here
 * the highest severity label of the group's alerts.
 */
final class PagerDutyEvents implements Notifier {

    /** PagerDuty refuses a longer summary. */
    static final int MAX_SUMMARY = 1024;

    private static final List<String> SEVERITIES = List.of("info", "warning", "error", "critical");

    private final String routingKey;

    PagerDutyEvents(String routingKey) {
        this.routingKey = routingKey;
    }

    @JsonInclude(JsonInclude.Include.NON_EMPTY)
    record Event(
            @JsonProperty("routing_key") String routingKey,
            @JsonProperty("event_action") String eventAction,
            @JsonProperty("dedup_key") String dedupKey,
            Payload payload,
            String client,
            @JsonProperty("client_url") String clientUrl,
            List<Link> links) {}

    record Payload(
            String summary,
            String source,
            String severity,
            @JsonProperty("custom_details") Map<String, String> customDetails) {}

    record Link(String href, String text) {}

    @Override
    public String body(WebhookPayload notification) {
        boolean resolved = notification.status() == WebhookStatus.RESOLVED;
        List<WebhookPayload.Alert> firing = notification.alerts().stream()
                .filter(alert -> alert.status() == WebhookStatus.FIRING)
                .toList();
        List<WebhookPayload.Alert> ended = notification.alerts().stream()
                .filter(alert -> alert.status() != WebhookStatus.FIRING)
                .toList();
        Map<String, String> details = new LinkedHashMap<>();
        details.put("firing", instances(firing));
        details.put("num_firing", Integer.toString(firing.size()));
        details.put("num_resolved", Integer.toString(ended.size()));
        details.put("resolved", instances(ended));
        List<Link> links = new ArrayList<>();
        notification.alerts().stream()
                .map(WebhookPayload.Alert::generatorUrl)
                .filter(url -> url != null && !url.isEmpty())
                .findFirst()
                .ifPresent(url -> links.add(new Link(url, "Open in Railscope")));
        return NotificationJson.write(new Event(
                routingKey,
                resolved ? "resolve" : "trigger",
                sha256(notification.groupKey()),
                new Payload(
                        cut(subject(notification, firing.size())),
                        source(notification.commonLabels()),
                        severity(firing.isEmpty() ? notification.alerts() : firing),
                        details),
                "Railscope",
                notification.externalUrl() + "/alerts",
                links));
    }

    /** Alertmanager's subject: {@code [FIRING:n] group values (other common values)}. */
    static String subject(WebhookPayload notification, int firing) {
        StringBuilder subject = new StringBuilder("[")
                .append(notification.status().name())
                .append(notification.status() == WebhookStatus.FIRING ? ":" + firing : "")
                .append("] ")
                .append(String.join(" ", sortedValues(notification.groupLabels())));
        Map<String, String> others = new LinkedHashMap<>(notification.commonLabels());
        others.keySet().removeAll(notification.groupLabels().keySet());
        if (!others.isEmpty()) {
            subject.append(" (").append(String.join(" ", sortedValues(others))).append(')');
        }
        return subject.toString();
    }

    private static List<String> sortedValues(Map<String, String> labels) {
        return labels.entrySet().stream()
                .sorted(Map.Entry.comparingByKey())
                .map(Map.Entry::getValue)
                .toList();
    }

    /** Where it happens, as PagerDuty asks (a host): the group's node, else its cell, else Railscope. */
    private static String source(Map<String, String> common) {
        return common.getOrDefault("node", common.getOrDefault("cell", "railscope"));
    }

    private static String severity(List<WebhookPayload.Alert> alerts) {
        int highest = -1;
        for (WebhookPayload.Alert alert : alerts) {
            highest = Math.max(highest, SEVERITIES.indexOf(alert.labels().getOrDefault("severity", "")));
        }
        return highest < 0 ? "error" : SEVERITIES.get(highest);
    }

    /** Each alert's labels and summary, one line each, as Alertmanager's default details list them. */
    private static String instances(List<WebhookPayload.Alert> alerts) {
        return alerts.stream()
                .map(alert -> alert.labels().entrySet().stream()
                                .map(label -> label.getKey() + "=" + label.getValue())
                                .collect(Collectors.joining(" "))
                        + alert.annotations().entrySet().stream()
                                .filter(annotation -> annotation.getKey().equals("summary"))
                                .map(annotation -> " - " + annotation.getValue())
                                .collect(Collectors.joining()))
                .collect(Collectors.joining("\n"));
    }

    private static String cut(String summary) {
        return summary.codePointCount(0, summary.length()) <= MAX_SUMMARY
                ? summary
                : summary.substring(0, summary.offsetByCodePoints(0, MAX_SUMMARY - 1)) + "…";
    }

    private static String sha256(String text) {
        try {
            return HexFormat.of()
                    .formatHex(MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
