package io.railscope.read;

import io.railscope.model.SourceKind;
import java.time.Instant;

/**
 * How one source of a cell last fared; {@code error} is null when its last fetch succeeded,
 * {@code problems} null when nothing went wrong that did not fail it.
 */
public record SourceState(
        SourceKind source,
        Instant lastAttemptAt,
        Instant lastSuccessAt,
        int lastDurationMs,
        String error,
        int consecutiveFailures,
        String problems) {}
