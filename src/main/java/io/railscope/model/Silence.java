package io.railscope.model;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/** A silence: alerts matching every matcher between start and end are shown but not notified. */
public record Silence(UUID id, List<Matcher> matchers, Instant startsAt, Instant endsAt, String createdBy, String comment, Instant createdAt,
        Instant expiredAt) {

    public String state(Instant now) {
        Instant end = expiredAt != null && expiredAt.isBefore(endsAt) ? expiredAt : endsAt;
        return now.isBefore(startsAt) ? "pending" : now.isBefore(end) ? "active" : "expired";
    }

    public boolean mutes(Map<String, String> labels, Instant now) {
        return state(now).equals("active") && matchers.stream().allMatch(matcher -> matcher.matches(labels));
    }

    public static boolean muted(List<Silence> silences, Map<String, String> labels, Instant now) {
        return silences.stream().anyMatch(silence -> silence.mutes(labels, now));
    }
}
