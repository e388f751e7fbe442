package io.railscope.read;

import java.time.Instant;

/** The replica that holds a cell's lease now, and since when. */
public record CollectingReplica(String replica, Instant since) {}
