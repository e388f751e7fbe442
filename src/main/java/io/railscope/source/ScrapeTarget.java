package io.railscope.source;

/**
 * One exporter a cell's node metrics were read from, and how that went: {@code error} says why it was
 * down, or for an exporter that was up what was wrong in its page (malformed lines, values out of
 * range), null when nothing was.
 */
public record ScrapeTarget(String target, String node, boolean up, String error, long durationMillis, int samples) {}
