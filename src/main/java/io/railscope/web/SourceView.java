package io.railscope.web;

/** A source of a cell as a page shows it. */
public record SourceView(
        String name,
        String lastSuccess,
        String lastAttempt,
        int durationMs,
        String error,
        boolean stale,
        String problems) {

    public String status() {
        if (error != null) {
            return stale ? "stale" : "failing";
        }
        return stale ? "stale" : "ok";
    }
}
