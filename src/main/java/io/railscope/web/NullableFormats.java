package io.railscope.web;

import io.quarkus.qute.TemplateExtension;

/**
 * Formats of values that may be missing, called as {@code {fmt:gbps(value)}}: Qute does not call
 * an extension method on a null base object, but it does pass null arguments.
 */
@TemplateExtension(namespace = "fmt")
final class NullableFormats {

    private NullableFormats() {}

    /** Bytes per second as Gb/s, or a dash when there is no rate yet. */
    static String gbps(Double bytesPerSecond) {
        return bytesPerSecond == null ? "–" : String.format("%.1f Gb/s", bytesPerSecond * 8 / 1e9);
    }

    /** A share as a percentage, or a dash. */
    static String ratio(Double value) {
        return value == null ? "–" : String.format("%.2f %%", value * 100);
    }

    static String decimal(Double value) {
        return value == null ? "–" : String.format("%.1f", value);
    }

    /** Days to exhaustion as a forecast an SRE reads. */
    static String forecast(Double days) {
        if (days == null) {
            return "not growing";
        }
        if (days < 1) {
            return String.format("full in %.0f h", days * 24);
        }
        return days > 3650 ? "full in 10+ years" : String.format("full in %.0f days", days);
    }
}
