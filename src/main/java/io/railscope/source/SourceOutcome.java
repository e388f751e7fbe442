package io.railscope.source;

import io.railscope.model.SourceKind;
import java.time.Instant;

/**
 * How one source fared in this collection; {@code error} is null on success, {@code problems} what
 * went wrong without failing it (values out of range, exporters down), null when nothing did.
 */
public record SourceOutcome(SourceKind kind, Instant attemptedAt, long durationMillis, String error, String problems) {

    public SourceOutcome(SourceKind kind, Instant attemptedAt, long durationMillis, String error) {
        this(kind, attemptedAt, durationMillis, error, null);
    }

    public boolean succeeded() {
        return error == null;
    }
}
