package io.railscope.api;

import io.railscope.model.Health;
import io.railscope.model.Plane;
import io.railscope.read.PoolState;
import io.railscope.source.PoolUsage;
import java.util.List;

/** One address pool of one cell, with its headroom and forecast. */
public record PoolResponse(
        String cell,
        String name,
        Plane plane,
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
        Health health,
        String reason) {

    static PoolResponse of(PoolState pool) {
        PoolUsage usage = pool.usage();
        return new PoolResponse(
                pool.cell(),
                usage.name(),
                usage.plane(),
                usage.rail(),
                usage.kind(),
                usage.cidrs(),
                usage.blockPrefix(),
                usage.capacity(),
                usage.allocated(),
                usage.freeAddresses(),
                usage.blocksTotal(),
                usage.blocksUsed(),
                usage.freeBlocks(),
                usage.utilisation(),
                pool.daysToExhaustion(),
                usage.leaked(),
                usage.allocationFailures(),
                pool.health(),
                pool.reason());
    }
}
