package io.railscope.web;

import java.util.Locale;

/** A source of a cell as a page shows it. */
public record SourceView(
        String name,
        String lastSuccess,
        String lastAttempt,
        int durationMs,
        String error,
        boolean stale,
        String problems) {

    /** Where a source stands on a page: its word is also its CSS class. */
    public enum Status {
        OK,
        FAILING,
        STALE;

        @Override
        public String toString() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    public Status status() {
        if (stale) {
            return Status.STALE;
        }
        return error != null ? Status.FAILING : Status.OK;
    }
}
