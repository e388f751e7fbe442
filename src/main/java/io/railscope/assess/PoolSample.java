package io.railscope.assess;

import java.time.Instant;

/**
 * A pool's usage at one moment of its history: used and total blocks for pools with per-node blocks,
 * addresses otherwise (as {@link PoolHeadroom} judges them).
 */
public record PoolSample(Instant at, long used, long total) {

    /** The sample of a pool as stored: by blocks when it has any, by addresses otherwise. */
    public static PoolSample of(Instant at, long capacity, long allocated, long blocksTotal, long blocksUsed) {
        return blocksTotal > 0 ? new PoolSample(at, blocksUsed, blocksTotal) : new PoolSample(at, allocated, capacity);
    }
}
