package io.railscope.assess;

import io.railscope.config.RailscopeConfig;
import io.railscope.model.Health;
import io.railscope.source.PoolUsage;

/**
 * How much of a pool is left. Pools with per-node blocks are judged by blocks (a free block is a node
 * that can still join); others by addresses.
 */
public record PoolHeadroom(long free, long total, double freeRatio, Health health, String reason) {

    public static PoolHeadroom of(PoolUsage pool, RailscopeConfig.Thresholds thresholds) {
        boolean byBlocks = pool.blocksTotal() > 0;
        long total = byBlocks ? pool.blocksTotal() : pool.capacity();
        long used = byBlocks ? pool.blocksUsed() : pool.allocated();
        long free = Math.max(0, total - used);
        double ratio = total > 0 ? (double) free / total : 0;
        String unit = byBlocks ? "node blocks" : "addresses";
        if (free == 0) {
            return new PoolHeadroom(
                    free, total, ratio, Health.CRITICAL, "pool " + pool.name() + " has no free " + unit);
        }
        if (ratio < thresholds.poolFreeWarningRatio()) {
            return new PoolHeadroom(
                    free,
                    total,
                    ratio,
                    Health.WARNING,
                    String.format("pool %s has %d free %s (%.1f%%)", pool.name(), free, unit, ratio * 100));
        }
        return new PoolHeadroom(free, total, ratio, Health.OK, null);
    }
}
