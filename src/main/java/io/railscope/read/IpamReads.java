package io.railscope.read;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * IPAM reads: headroom of every pool with its forecast, a cell's node blocks, right-sizing and
 * findings, and a pool's history.
 *
 * <p>The forecast is a least-squares line through the pool's samples of the last {@link #FIT_WINDOW}
 * (used blocks for pools with per-node blocks, used addresses otherwise): days to exhaustion = free /
 * slope per day. There is none when the slope is not positive, or with fewer than three samples
 * spanning less than an hour.
 */
public interface IpamReads {

    /** Every pool of every cell. */
    List<PoolHeadroomRow> headroom();

    /** A cell's IPAM; {@code blockLimit} bounds the node blocks returned, fullest first (null: all). */
    Optional<CellIpam> cell(String cell, Integer blockLimit);

    /** A pool's usage samples since {@code since}, oldest first. */
    List<PoolSample> history(String cell, String plane, String pool, Instant since);
}
