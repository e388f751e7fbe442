package io.railscope.api;

import io.railscope.model.Health;
import io.railscope.model.Plane;
import io.railscope.model.PoolKind;
import io.railscope.read.PoolState;
import io.railscope.source.FamilyUsage;
import io.railscope.source.PoolUsage;
import java.util.List;

/**
 * One address pool of one cell, with its headroom and forecast. The pool's size and what is free of it are null
 * while its size is unknown ({@code sizeUnknown} says what Railscope would need to see); {@code families} holds
 * each family of a pool that has two.
 */
public record PoolResponse(
        String cell,
        String name,
        Plane plane,
        Integer rail,
        PoolKind kind,
        List<String> cidrs,
        Integer blockPrefixLength,
        Long capacityAddresses,
        long allocatedAddresses,
        Long freeAddresses,
        Long totalBlocks,
        long usedBlocks,
        Long freeBlocks,
        Double utilisation,
        Double daysToExhaustion,
        long leaked,
        long allocationFailures,
        Health health,
        String reason,
        String sizeUnknown,
        List<FamilyUsage> families) {

    static PoolResponse of(PoolState pool) {
        PoolUsage usage = pool.usage();
        boolean known = usage.sizeKnown();
        return new PoolResponse(
                pool.cell(),
                usage.name(),
                usage.plane(),
                usage.rail(),
                usage.kind(),
                usage.cidrs(),
                usage.blockPrefix(),
                known ? usage.capacity() : null,
                usage.allocated(),
                known ? usage.freeAddresses() : null,
                known ? usage.blocksTotal() : null,
                usage.blocksUsed(),
                known ? usage.freeBlocks() : null,
                known ? usage.utilisation() : null,
                pool.daysToExhaustion(),
                usage.leaked(),
                usage.allocationFailures(),
                pool.health(),
                pool.reason(),
                usage.sizeUnknown(),
                usage.families());
    }
}
