package io.railscope.assess;

import io.railscope.model.PortHealth;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;

/** A span of a rail port's samples of one health other than OK; {@code until} null while it lasts. */
public record PortHealthSpan(PortHealth health, Instant from, Instant until) {

    /** Consecutive samples of one health other than OK as one span, oldest first. */
    public static List<PortHealthSpan> of(List<PortHealthSample> samples) {
        List<PortHealthSpan> spans = new ArrayList<>();
        PortHealthSample start = null;
        for (PortHealthSample sample : samples) {
            if (start != null && sample.health() != start.health()) {
                spans.add(new PortHealthSpan(start.health(), start.at(), sample.at()));
                start = null;
            }
            if (start == null && sample.health() != PortHealth.OK) {
                start = sample;
            }
        }
        if (start != null) {
            spans.add(new PortHealthSpan(start.health(), start.at(), null));
        }
        return spans;
    }

    /** The spans of {@code samples} in words. */
    public static List<String> words(List<PortHealthSample> samples) {
        return of(samples).stream().map(PortHealthSpan::words).toList();
    }

    /** {@code DOWN from <first> to <first other health after>}, or {@code … on}. */
    public String words() {
        return health + " from " + at(from) + (until == null ? " on" : " to " + at(until));
    }

    private static String at(Instant instant) {
        return instant.truncatedTo(ChronoUnit.SECONDS).toString();
    }
}
