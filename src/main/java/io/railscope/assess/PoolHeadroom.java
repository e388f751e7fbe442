package io.railscope.assess;

import io.railscope.config.RailscopeConfig;
import io.railscope.model.Health;
import io.railscope.source.PoolUsage;
import java.util.Comparator;

/**
 * How much of a pool is left. Pools with per-node blocks are judged by blocks (a free block is a node
 * that can still join); others by addresses; a pool of two families by its tighter family, as each family
 * has an allocator of its own. A pool whose size is unknown is UNKNOWN, never CRITICAL: nothing shows it
 * full, and the reason says what Railscope would need to see.
 */
public record PoolHeadroom(long free, long total, double freeRatio, Health health, String reason) {

    public static PoolHeadroom of(PoolUsage pool, RailscopeConfig.Thresholds thresholds) {
        if (!pool.sizeKnown()) {
            return new PoolHeadroom(
                    0, 0, 0, Health.UNKNOWN, "size of pool " + pool.name() + " unknown: " + pool.sizeUnknown());
        }
        if (pool.families().size() > 1) {
            return pool.families().stream()
                    .map(family -> judge(
                            pool.name() + " (" + family.family().label() + ")",
                            family.capacity() - family.free(),
                            family.capacity(),
                            "addresses",
                            thresholds))
                    .min(Comparator.comparing(
                                    (PoolHeadroom headroom) -> headroom.health().ordinal())
                            .reversed()
                            .thenComparingDouble(PoolHeadroom::freeRatio))
                    .orElseThrow();
        }
        boolean byBlocks = pool.blocksTotal() > 0;
        return judge(
                pool.name(),
                byBlocks ? pool.blocksUsed() : pool.allocated(),
                byBlocks ? pool.blocksTotal() : pool.capacity(),
                byBlocks ? "node blocks" : "addresses",
                thresholds);
    }

    private static PoolHeadroom judge(
            String name, long used, long total, String unit, RailscopeConfig.Thresholds thresholds) {
        long free = Math.max(0, total - used);
        double ratio = total > 0 ? (double) free / total : 0;
        if (free == 0) {
            return new PoolHeadroom(free, total, ratio, Health.CRITICAL, "pool " + name + " has no free " + unit);
        }
        if (ratio < thresholds.poolFreeWarningRatio()) {
            return new PoolHeadroom(
                    free,
                    total,
                    ratio,
                    Health.WARNING,
                    String.format("pool %s has %d free %s (%.1f%%)", name, free, unit, ratio * 100));
        }
        return new PoolHeadroom(free, total, ratio, Health.OK, null);
    }
}
