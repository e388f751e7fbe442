package io.railscope.web;

import java.time.Duration;
import java.time.Instant;

/** Ages as people read them on a dashboard: "12 s ago", "4 min ago", "never". */
final class Ago {

    private Ago() {}

    static String of(Instant at, Instant now) {
        if (at == null) {
            return "never";
        }
        long seconds = Math.max(0, Duration.between(at, now).toSeconds());
        if (seconds < 120) {
            return seconds + " s ago";
        }
        if (seconds < 7200) {
            return seconds / 60 + " min ago";
        }
        if (seconds < 172_800) {
            return seconds / 3600 + " h ago";
        }
        return seconds / 86_400 + " d ago";
    }
}
