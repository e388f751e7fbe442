package io.railscope.web;

import io.quarkus.qute.TemplateExtension;

/** Number formats for templates: {@code {value.gbps}}, {@code {ratio.percent}}, {@code {value.decimal}}, {@code {name.lower}}. */
@TemplateExtension
final class Formats {

    private Formats() {
    }

    /** Bytes per second as Gb/s. */
    static String gbps(Double bytesPerSecond) {
        return bytesPerSecond == null ? "–" : String.format("%.1f Gb/s", bytesPerSecond * 8 / 1e9);
    }

    static String percent(double ratio) {
        return String.format("%.1f %%", ratio * 100);
    }

    static String lower(String value) {
        return value == null ? "" : value.toLowerCase(java.util.Locale.ROOT);
    }

    static String decimal(Double value) {
        return value == null ? "–" : String.format("%.1f", value);
    }
}
