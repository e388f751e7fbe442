package io.railscope.read;

import java.time.Instant;

/** A node's neighbor entries at one time. */
public record NeighborSample(Instant at, int entries) {}
