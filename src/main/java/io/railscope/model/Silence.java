package io.railscope.model;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/** A silence: alerts matching every matcher between start and end are shown but not notified. */
public record Silence(
        UUID id,
        List<Matcher> matchers,
        Instant startsAt,
        Instant endsAt,
        String createdBy,
        String comment,
        Instant createdAt,
        Instant expiredAt) {

    public SilenceState state(Instant now) {
        Instant end = expiredAt != null && expiredAt.isBefore(endsAt) ? expiredAt : endsAt;
        return now.isBefore(startsAt)
                ? SilenceState.PENDING
                : now.isBefore(end) ? SilenceState.ACTIVE : SilenceState.EXPIRED;
    }

    /** Whether it is over at {@code now}: nothing to expire any more. */
    public boolean over(Instant now) {
        return state(now) == SilenceState.EXPIRED;
    }

    /**
     * Why the silence cannot be evaluated (a matcher RE2 refuses, stored before matchers were checked so),
     * or null. A broken silence mutes nothing and is shown as broken.
     */
    public String broken() {
        for (int i = 0; i < matchers.size(); i++) {
            String problem = matchers.get(i) == null
                    ? "matchers[" + i + "] is empty"
                    : matchers.get(i).problem(i);
            if (problem != null) {
                return problem;
            }
        }
        return null;
    }

    public boolean mutes(Map<String, String> labels, Instant now) {
        return state(now) == SilenceState.ACTIVE
                && broken() == null
                && matchers.stream().allMatch(matcher -> matcher.matches(labels));
    }

    public static boolean muted(List<Silence> silences, Map<String, String> labels, Instant now) {
        return silences.stream().anyMatch(silence -> silence.mutes(labels, now));
    }
}
