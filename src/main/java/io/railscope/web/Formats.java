package io.railscope.web;

import io.quarkus.qute.TemplateExtension;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Locale;

/** Formats for templates: {@code {ratio.percent}}, {@code {name.lower}}, {@code {instant.utc}}. */
@TemplateExtension
final class Formats {

    private static final DateTimeFormatter UTC =
            DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss 'UTC'").withZone(ZoneOffset.UTC);

    private Formats() {}

    /** A time as "2026-11-30 13:10:28 UTC". */
    static String utc(Instant at) {
        return UTC.format(at);
    }

    /** A duration as on-call reads it: "45 s", "12 min", "3 h 5 min", "2 d 4 h". */
    static String duration(Duration duration) {
        long seconds = Math.max(0, duration.toSeconds());
        if (seconds < 120) {
            return seconds + " s";
        }
        if (seconds < 3600) {
            return seconds / 60 + " min";
        }
        if (seconds < 172_800) {
            return seconds / 3600 + " h " + seconds % 3600 / 60 + " min";
        }
        return seconds / 86_400 + " d " + seconds % 86_400 / 3600 + " h";
    }

    static String percent(double ratio) {
        return String.format("%.1f %%", ratio * 100);
    }

    /** A ratio as a CSS width, clamped to 0..100 %. */
    static String width(double ratio) {
        return String.format(Locale.ROOT, "%.1f%%", Math.max(0, Math.min(1, ratio)) * 100);
    }

    /** A count with thousands separators. */
    static String count(long value) {
        return String.format("%,d", value);
    }

    /** A path segment, percent-encoded. */
    static String url(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8).replace("+", "%20");
    }

    static String lower(String value) {
        return value == null ? "" : value.toLowerCase(Locale.ROOT);
    }

    /** An enum constant's name in lower case, as the CSS classes of health and verdicts are spelled. */
    static String lower(Enum<?> value) {
        return lower(value.name());
    }
}
