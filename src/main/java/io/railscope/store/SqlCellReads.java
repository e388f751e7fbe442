package io.railscope.store;

import io.railscope.read.JobState;
import io.railscope.read.PortIssue;
import io.railscope.read.RailReads;
import io.railscope.read.IsolationReads;
import io.railscope.read.IpamReads;
import io.railscope.read.CellReads;
import io.railscope.read.CellDetails;
import io.railscope.read.CellSummary;
import io.railscope.read.NeighborState;
import io.railscope.read.SourceState;
import io.railscope.model.Health;
import jakarta.enterprise.context.ApplicationScoped;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/** Read queries behind the fleet and cell pages and the API; each call reads one snapshot. */
@ApplicationScoped
public class SqlCellReads implements CellReads {

    private static final int ISSUE_LIMIT = 50;
    private static final int NEIGHBOR_LIMIT = 10;
    private static final int BLOCK_LIMIT = 10;
    private static final int FAILED_TARGET_LIMIT = 1000;

    private final ConsistentRead consistentRead;

    public SqlCellReads(ConsistentRead consistentRead) {
        this.consistentRead = consistentRead;
    }

    /**
     * Every known cell's summary, by name. Summaries change only when a collection commits, so they are
     * kept until the sum of the cells' collection sequence numbers moves.
     */
    @Override
    public List<CellSummary> fleet() {
        return consistentRead.read(connection -> {
            long version = Rows.list(connection, "SELECT coalesce(sum(collection_seq), 0) + count(*) * 1000000007 FROM cell",
                    rs -> rs.getLong(1)).get(0);
            Cached<List<CellSummary>> cached = fleetCache;
            if (cached != null && cached.version() == version) {
                return cached.value();
            }
            List<CellSummary> summaries = summaries(null);
            fleetCache = new Cached<>(version, summaries);
            return summaries;
        });
    }

    /**
     * A cell's page data. It changes only when a collection of the cell commits, so it is kept until
     * the cell's collection sequence number moves: a page refreshed by many screens reads one number.
     */
    @Override
    public Optional<CellDetails> cell(String name) {
        return consistentRead.read(connection -> {
            List<Long> seq = Rows.list(connection, "SELECT collection_seq FROM cell WHERE name = ?", rs -> rs.getLong(1), name);
            if (seq.isEmpty()) {
                return Optional.empty();
            }
            Cached<CellDetails> cached = cellCache.get(name);
            if (cached != null && cached.version() == seq.get(0)) {
                return Optional.of(cached.value());
            }
            List<CellSummary> summaries = summaries(name);
            if (summaries.isEmpty()) {
                return Optional.empty();
            }
            Integer cellId = CellEntity.<CellEntity>find("name", name).firstResult().id;
            CellDetails details = new CellDetails(summaries.get(0), SqlRailReads.rails(connection, name), portIssues(connection, name),
                    neighbors(connection, name), SqlIpamReads.cellIpam(connection, name, BLOCK_LIMIT), jobs(cellId),
                    SqlIsolationReads.findings(connection, name), failedTargets(connection, name));
            cellCache.put(name, new Cached<>(seq.get(0), details));
            return Optional.of(details);
        });
    }

    private record Cached<T>(long version, T value) {
    }

    private final java.util.Map<String, Cached<CellDetails>> cellCache = new java.util.concurrent.ConcurrentHashMap<>();
    private volatile Cached<List<CellSummary>> fleetCache;

    private static List<CellSummary> summaries(String only) {
        List<CellEntity> cells = only == null ? CellEntity.list("order by name") : CellEntity.list("name", only);
        Map<Integer, CellSummaryEntity> summaries = CellSummaryEntity.<CellSummaryEntity>listAll().stream()
                .collect(Collectors.toMap(summary -> summary.cellId, summary -> summary));
        Map<Integer, List<SourceState>> sources = SourceStatusEntity.<SourceStatusEntity>list("order by key.source").stream()
                .collect(Collectors.groupingBy(status -> status.key.cellId(), Collectors.mapping(SqlCellReads::sourceState,
                        Collectors.toList())));
        return cells.stream().map(cell -> summary(cell, summaries.get(cell.id), sources.getOrDefault(cell.id, List.of()))).toList();
    }

    private static CellSummary summary(CellEntity cell, CellSummaryEntity s, List<SourceState> sources) {
        if (s == null) {
            return new CellSummary(cell.name, cell.kind, cell.collectedAt, cell.collectionSeq, Health.UNKNOWN, 0, 0, 0, 0, 0, 0, 0,
                    0, null, null, 0, 0, 0, List.of(), sources);
        }
        return new CellSummary(cell.name, cell.kind, cell.collectedAt, cell.collectionSeq, Health.valueOf(s.health), s.nodes,
                s.railPorts, s.portsDown, s.portsDegraded, s.neighborWarning, s.neighborCritical, s.pools, s.poolsAtRisk,
                s.primaryFreeBlocks, s.primaryTotalBlocks, s.jobs, s.jobsDegraded, s.isolationFindings, List.of(s.reasons), sources);
    }

    private static SourceState sourceState(SourceStatusEntity status) {
        return new SourceState(status.key.source(), status.lastAttemptAt, status.lastSuccessAt, status.lastDurationMs, status.error,
                status.consecutiveFailures, status.problems);
    }


    private static List<PortIssue> portIssues(Connection connection, String cell) throws SQLException {
        return Rows.list(connection, """
                SELECT n.name AS node, rp.rail, rp.device, rp.port, s.health, s.rate_gbps, s.reason
                  FROM rail_port_state s
                  JOIN cell c ON c.id = s.cell_id
                  JOIN rail_port rp ON rp.id = s.rail_port_id
                  JOIN node n ON n.id = rp.node_id
                 WHERE c.name = ? AND s.health <> 'OK'
                 ORDER BY s.health = 'DOWN' DESC, n.name, rp.rail
                 LIMIT ?""",
                rs -> new PortIssue(rs.getString("node"), rs.getInt("rail"), rs.getString("device"), rs.getInt("port"),
                        rs.getString("health"), rs.getDouble("rate_gbps"), rs.getString("reason")), cell, ISSUE_LIMIT);
    }

    private static List<CellDetails.FailedTarget> failedTargets(Connection connection, String cell) throws SQLException {
        return Rows.list(connection, """
                SELECT t.target, t.node, t.error, t.duration_ms
                  FROM scrape_target t JOIN cell c ON c.id = t.cell_id
                 WHERE c.name = ? AND NOT t.up
                 ORDER BY t.target
                 LIMIT ?""",
                rs -> new CellDetails.FailedTarget(rs.getString("target"), rs.getString("node"), rs.getString("error"),
                        rs.getInt("duration_ms")), cell, FAILED_TARGET_LIMIT);
    }

    private static List<NeighborState> neighbors(Connection connection, String cell) throws SQLException {
        return Rows.list(connection, """
                SELECT n.name AS node, nn.entries, nn.gc_thresh1, nn.gc_thresh2, nn.gc_thresh3, nn.pressure, nn.health, nn.reason,
                       nn.entries_by_device
                  FROM node_neighbor nn JOIN cell c ON c.id = nn.cell_id JOIN node n ON n.id = nn.node_id
                 WHERE c.name = ?
                 ORDER BY nn.pressure DESC, n.name
                 LIMIT ?""",
                rs -> new NeighborState(rs.getString("node"), rs.getInt("entries"), rs.getInt("gc_thresh1"),
                        rs.getInt("gc_thresh2"), rs.getInt("gc_thresh3"), rs.getDouble("pressure"), rs.getString("health"),
                        rs.getString("reason"), Rows.integers(rs, "entries_by_device")), cell, NEIGHBOR_LIMIT);
    }

    /** Jobs on the cell page, unhealthy first; the jobs page lists them all. */
    public static final int JOBS_SHOWN = 25;

    private static List<JobState> jobs(Integer cellId) {
        return NcclJobEntity.<NcclJobEntity>find("cellId = ?1 order by running desc, case when verdict = 'RDMA_OK' then 1 else 0 end, namespace, name", cellId)
                .page(0, JOBS_SHOWN).stream()
                .map(j -> new JobState(j.namespace, j.name, j.transport, j.verdict, j.reason, j.nranks,
                        j.busbwGbps == null ? null : j.busbwGbps.doubleValue(), j.running, j.lastSeen))
                .toList();
    }
}
