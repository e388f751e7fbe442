package io.railscope.web;

import io.quarkus.qute.TemplateExtension;

/** Number formats for templates: {@code {ratio.percent}}, {@code {name.lower}}. */
@TemplateExtension
final class Formats {

    private Formats() {
    }


    static String percent(double ratio) {
        return String.format("%.1f %%", ratio * 100);
    }

    /** A ratio as a CSS width, clamped to 0..100 %. */
    static String width(double ratio) {
        return String.format(java.util.Locale.ROOT, "%.1f%%", Math.max(0, Math.min(1, ratio)) * 100);
    }

    /** A count with thousands separators. */
    static String count(long value) {
        return String.format("%,d", value);
    }


    /** A path segment, percent-encoded. */
    static String url(String value) {
        return java.net.URLEncoder.encode(value, java.nio.charset.StandardCharsets.UTF_8).replace("+", "%20");
    }

    static String lower(String value) {
        return value == null ? "" : value.toLowerCase(java.util.Locale.ROOT);
    }

}
