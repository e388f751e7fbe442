package io.railscope.read;

import io.railscope.assess.PoolForecast;
import io.railscope.assess.PoolSample;
import io.railscope.model.Plane;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/** IPAM reads: every pool with its forecast ({@link PoolForecast}), a cell's IPAM, and a pool's history. */
@ApplicationScoped
public class IpamQueries implements IpamReads {

    private final Snapshots snapshots;
    private final Clock clock;

    public IpamQueries(Snapshots snapshots, Clock clock) {
        this.clock = clock;
        this.snapshots = snapshots;
    }

    @Override
    public List<PoolState> headroom() {
        return snapshots.read(snapshot -> pools(snapshot.ipam(), null, clock.instant()));
    }

    @Override
    public Optional<CellIpam> cell(String cell, Integer blockLimit) {
        return snapshots.read(snapshot -> snapshot.ipam().cellKnown(cell)
                ? Optional.of(cellIpam(snapshot.ipam(), cell, blockLimit, clock.instant()))
                : Optional.empty());
    }

    @Override
    public List<PoolSample> history(String cell, Plane plane, String pool, Instant since) {
        return snapshots.read(snapshot -> snapshot.ipam().history(cell, plane, pool, since).stream()
                .map(sample -> PoolSample.of(
                        sample.at(), sample.capacity(), sample.allocated(), sample.blocksTotal(), sample.blocksUsed()))
                .toList());
    }

    /** A cell's IPAM: its pools with forecasts, {@code blockLimit} of its fullest node blocks, right-sizing, findings. */
    static CellIpam cellIpam(IpamRows rows, String cell, Integer blockLimit, Instant now) {
        return new CellIpam(
                cell,
                pools(rows, cell, now),
                rows.primaryBlocks(cell, blockLimit),
                rows.rightSizing(cell),
                rows.findings(cell));
    }

    private static List<PoolState> pools(IpamRows rows, String cell, Instant now) {
        return rows.pools(cell, now.minus(PoolForecast.WINDOW)).stream()
                .map(pool -> new PoolState(pool.cell(), pool.usage(), pool.health(), pool.reason(), forecast(pool)))
                .toList();
    }

    /** None for a pool of unknown size: what is free of it is unknown, so is when it runs out. */
    private static Double forecast(IpamRows.StoredPool pool) {
        return pool.window() == null || !pool.usage().sizeKnown()
                ? null
                : PoolForecast.daysToExhaustion(pool.window(), pool.usage().free());
    }
}
