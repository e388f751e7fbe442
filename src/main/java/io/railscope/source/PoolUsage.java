package io.railscope.source;

import io.railscope.model.Plane;
import io.railscope.model.PoolKind;
import java.util.List;

/**
 * An address pool and how much of it is handed out.
 *
 * @param rail               rail number (1-based) for backend pools mapped to a rail, null otherwise
 * @param kind               where the pool is defined
 * @param blockPrefix        prefix length of the per-node blocks, null when the pool has none
 * @param capacity           usable addresses in the pool
 * @param allocated          addresses in use (for nv-ipam: handed to nodes, as per-IP use is not in the API)
 * @param blocksTotal        per-node blocks the pool can hold (0 without blocks)
 * @param blocksUsed         per-node blocks handed out
 * @param leaked             allocations whose pod no longer exists
 * @param allocationFailures allocation failure events attributed to this pool, counted with their repeats
 * @param sizeUnknown        null when the pool's size is known; otherwise what Railscope would need to see to know it.
 *                           {@code capacity} and {@code blocksTotal} are then 0 and mean nothing: unknown is not empty
 * @param families           each family's capacity and use when the pool has two (a dual-stack ServiceCIDR), else empty
 */
public record PoolUsage(
        String name,
        Plane plane,
        Integer rail,
        PoolKind kind,
        List<String> cidrs,
        Integer blockPrefix,
        long capacity,
        long allocated,
        long blocksTotal,
        long blocksUsed,
        long leaked,
        long allocationFailures,
        String sizeUnknown,
        List<FamilyUsage> families) {

    public PoolUsage {
        families = List.copyOf(families);
    }

    /** Whether capacity and blocksTotal say how large the pool is. */
    public boolean sizeKnown() {
        return sizeUnknown == null;
    }

    /** This pool with its failures counted. */
    public PoolUsage withFailures(long failures) {
        return new PoolUsage(
                name,
                plane,
                rail,
                kind,
                cidrs,
                blockPrefix,
                capacity,
                allocated,
                blocksTotal,
                blocksUsed,
                leaked,
                failures,
                sizeUnknown,
                families);
    }

    public long freeAddresses() {
        return Math.max(0, capacity - allocated);
    }

    public long freeBlocks() {
        return Math.max(0, blocksTotal - blocksUsed);
    }

    /** Used share: of blocks for pools with per-node blocks, of addresses otherwise. */
    public double utilisation() {
        if (!sizeKnown()) {
            return 0;
        }
        if (blocksTotal > 0) {
            return (double) blocksUsed / blocksTotal;
        }
        return capacity == 0 ? 0 : (double) allocated / capacity;
    }

    /** Blocks (for pools with per-node blocks) or addresses still free, as the forecast counts them. */
    public long free() {
        return blocksTotal > 0 ? freeBlocks() : freeAddresses();
    }
}
