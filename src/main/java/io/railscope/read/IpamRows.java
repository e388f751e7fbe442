package io.railscope.read;

import io.railscope.assess.PoolForecast;
import io.railscope.model.Health;
import io.railscope.model.Plane;
import io.railscope.source.PoolUsage;
import java.time.Instant;
import java.util.List;

/** A cell's IPAM as stored: pools with the sums of their recent usage, node blocks, right-sizing, findings, history. */
public interface IpamRows {

    boolean cellKnown(String cell);

    /**
     * The pools of one cell, or of every cell when {@code cell} is null, by cell, plane, rail and name; each with the
     * sums of its usage samples newer than {@code windowStart}, as days since then.
     */
    List<StoredPool> pools(String cell, Instant windowStart);

    /** The cell's primary node blocks, fullest first, at most {@code limit} (null: all). */
    List<NodeBlockRow> primaryBlocks(String cell, Integer limit);

    RightSizing rightSizing(String cell);

    IpamFindings findings(String cell);

    /** A pool's usage samples since {@code since}, oldest first. */
    List<UsageSample> history(String cell, Plane plane, String pool, Instant since);

    /** A pool as its last collection stored it; {@code window} null when it has no sample in the window. */
    record StoredPool(String cell, PoolUsage usage, Health health, String reason, PoolForecast.Sums window) {}

    /** A pool's usage at one sample, in addresses and in blocks. */
    record UsageSample(Instant at, long capacity, long allocated, long blocksTotal, long blocksUsed) {}
}
