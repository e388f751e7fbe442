package io.railscope.read;

import io.railscope.model.IpFamily;
import java.time.Instant;

/** A node's neighbor entries of one family at one time. */
public record NeighborSample(Instant at, int entries, IpFamily family) {}
