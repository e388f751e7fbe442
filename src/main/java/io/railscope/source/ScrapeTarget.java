package io.railscope.source;

/** One exporter a cell's node metrics were read from, and how that went; {@code error} is null when it was up. */
public record ScrapeTarget(String target, String node, boolean up, String error, long durationMillis, int samples) {
}
