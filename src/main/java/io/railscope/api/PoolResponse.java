package io.railscope.api;

import io.railscope.read.PoolHeadroomRow;
import java.util.List;

/** One address pool of one cell, with its headroom and forecast. */
public record PoolResponse(
        String cell,
        String name,
        String plane,
        Integer rail,
        String kind,
        List<String> cidrs,
        Integer blockPrefixLength,
        long capacityAddresses,
        long allocatedAddresses,
        long freeAddresses,
        long totalBlocks,
        long usedBlocks,
        long freeBlocks,
        double utilisation,
        Double daysToExhaustion,
        long leaked,
        long allocationFailures,
        String health,
        String reason) {

    static PoolResponse of(PoolHeadroomRow pool) {
        return new PoolResponse(pool.cell(), pool.name(), pool.plane(), pool.rail(), pool.kind(), pool.cidrs(), pool.blockPrefix(),
                pool.capacity(), pool.allocated(), pool.freeAddresses(), pool.blocksTotal(), pool.blocksUsed(), pool.freeBlocks(),
                pool.utilisation(), pool.daysToExhaustion(), pool.leaked(), pool.allocationFailures(), pool.health(), pool.reason());
    }
}
