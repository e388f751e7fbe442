package io.railscope.store;

import java.util.List;

/** An address pool of a cell with its usage and headroom verdict. */
public record PoolState(String name, String plane, Integer rail, String kind, List<String> cidrs, Integer blockPrefix,
        long capacity, long allocated, long blocksTotal, long blocksUsed, String health, String reason) {

    /** Free per-node blocks, or free addresses for a pool without blocks. */
    public long free() {
        return blocksTotal > 0 ? Math.max(0, blocksTotal - blocksUsed) : Math.max(0, capacity - allocated);
    }

    public double usedRatio() {
        long total = blocksTotal > 0 ? blocksTotal : capacity;
        long used = blocksTotal > 0 ? blocksUsed : allocated;
        return total == 0 ? 0 : (double) used / total;
    }
}
