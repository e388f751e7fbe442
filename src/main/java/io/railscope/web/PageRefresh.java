package io.railscope.web;

import java.time.Duration;
import java.util.Collection;

/**
 * How often a page asks for its data again: as often as the data behind it can change, and at least every five
 * seconds, so that a collection shows within five seconds of its commit and no page polls faster than it is collected.
 */
public record PageRefresh(Duration every) {

    static final Duration AT_LEAST_EVERY = Duration.ofSeconds(5);

    static PageRefresh following(Duration collectInterval) {
        return new PageRefresh(collectInterval.compareTo(AT_LEAST_EVERY) < 0 ? collectInterval : AT_LEAST_EVERY);
    }

    /** For a page that shows many cells: the shortest of their intervals. */
    static PageRefresh following(Collection<Duration> collectIntervals) {
        return following(collectIntervals.stream().min(Duration::compareTo).orElse(AT_LEAST_EVERY));
    }

    /** The interval in htmx's {@code hx-trigger} syntax. */
    public String trigger() {
        return "every " + Math.max(1, every.toMillis()) + "ms";
    }
}
