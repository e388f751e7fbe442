package io.railscope.read;

import java.time.Instant;

/** A pool's usage at one moment of its history. */
public record PoolSample(Instant at, long used, long total) {
}
