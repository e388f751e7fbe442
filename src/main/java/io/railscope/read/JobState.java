package io.railscope.read;

import java.time.Instant;

/** A training job of a cell with its transport verdict. */
public record JobState(String namespace, String name, String transport, String verdict, String reason, int nranks,
        Double busbwGBps, boolean running, Instant lastSeen) {
}
