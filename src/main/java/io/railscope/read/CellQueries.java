package io.railscope.read;

import jakarta.enterprise.context.ApplicationScoped;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/** The fleet's summaries and a cell's page data, each read in one snapshot. */
@ApplicationScoped
public class CellQueries implements CellReads {

    private static final int ISSUE_LIMIT = 50;
    private static final int NEIGHBOR_LIMIT = 10;
    private static final int BLOCK_LIMIT = 10;
    private static final int FAILED_TARGET_LIMIT = 1000;
    /** Jobs on the cell page, unhealthy first; the jobs page lists them all. */
    private static final int JOBS_SHOWN = 25;

    private final Snapshots snapshots;
    private final Map<String, Cached<CellDetails>> cellCache = new ConcurrentHashMap<>();
    private volatile Cached<List<CellSummary>> fleetCache;
    private final Clock clock;

    public CellQueries(Snapshots snapshots, Clock clock) {
        this.clock = clock;
        this.snapshots = snapshots;
    }

    @Override
    public List<CellSummary> fleet() {
        return snapshots.read(snapshot -> {
            long version = snapshot.cells().fleetVersion();
            Cached<List<CellSummary>> cached = fleetCache;
            if (cached != null && cached.version() == version) {
                return cached.value();
            }
            List<CellSummary> summaries = snapshot.cells().summaries(null);
            fleetCache = new Cached<>(version, summaries);
            return summaries;
        });
    }

    @Override
    public Optional<CellDetails> cell(String name) {
        return snapshots.read(snapshot -> {
            CellRows rows = snapshot.cells();
            Optional<Long> seq = rows.collectionSeq(name);
            if (seq.isEmpty()) {
                return Optional.empty();
            }
            Cached<CellDetails> cached = cellCache.get(name);
            if (cached != null && cached.version() == seq.get()) {
                return Optional.of(cached.value());
            }
            List<CellSummary> summaries = rows.summaries(name);
            if (summaries.isEmpty()) {
                return Optional.empty();
            }
            CellDetails details = new CellDetails(
                    summaries.get(0),
                    rows.rails(name),
                    rows.portIssues(name, ISSUE_LIMIT),
                    rows.busiestNeighborTables(name, NEIGHBOR_LIMIT),
                    IpamQueries.cellIpam(snapshot.ipam(), name, BLOCK_LIMIT, clock.instant()),
                    snapshot.jobs().jobs(name, JOBS_SHOWN),
                    rows.isolationFindings(name),
                    rows.failedTargets(name, FAILED_TARGET_LIMIT),
                    rows.railDisagreements(name, CellDetails.DISAGREEMENTS_READ),
                    rows.fabric(name));
            cellCache.put(name, new Cached<>(seq.get(), details));
            return Optional.of(details);
        });
    }

    @Override
    public CellFabric fabric(String cell) {
        return snapshots.read(snapshot -> snapshot.cells().fabric(cell));
    }

    @Override
    public FabricCounts fabricCounts(String cell) {
        return snapshots.read(snapshot -> snapshot.cells().fabricCounts(cell));
    }

    @Override
    public Optional<SwitchDetail> fabricSwitch(String cell, String name) {
        return snapshots.read(snapshot -> snapshot.cells().fabricSwitch(cell, name));
    }

    /** A value kept until the version it was read at moves. */
    private record Cached<T>(long version, T value) {}
}
