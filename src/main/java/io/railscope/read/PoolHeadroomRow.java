package io.railscope.read;

import java.util.List;

/**
 * A pool of a cell with its usage, headroom and forecast.
 *
 * @param daysToExhaustion days until no block (or address) is left at the growth of the last 7 days; null when not growing
 */
public record PoolHeadroomRow(
        String cell,
        String name,
        String plane,
        Integer rail,
        String kind,
        List<String> cidrs,
        Integer blockPrefix,
        long capacity,
        long allocated,
        long blocksTotal,
        long blocksUsed,
        long leaked,
        long allocationFailures,
        String health,
        String reason,
        Double daysToExhaustion) {

    public long freeAddresses() {
        return Math.max(0, capacity - allocated);
    }

    public long freeBlocks() {
        return Math.max(0, blocksTotal - blocksUsed);
    }

    /** Used share: of blocks for pools with per-node blocks, of addresses otherwise. */
    public double utilisation() {
        if (blocksTotal > 0) {
            return (double) blocksUsed / blocksTotal;
        }
        return capacity == 0 ? 0 : (double) allocated / capacity;
    }
}
