package io.railscope.read;

import io.railscope.assess.PoolForecast;
import io.railscope.assess.PoolSample;
import io.railscope.model.Plane;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * IPAM reads: every pool with its forecast ({@link PoolForecast}), a cell's node
 * blocks, right-sizing and findings, and a pool's history.
 */
public interface IpamReads {

    /** Every pool of every cell. */
    List<PoolState> headroom();

    /** A cell's IPAM; {@code blockLimit} bounds the node blocks returned, fullest first (null: all). */
    Optional<CellIpam> cell(String cell, Integer blockLimit);

    /** A pool's usage samples since {@code since}, oldest first. */
    List<PoolSample> history(String cell, Plane plane, String pool, Instant since);
}
