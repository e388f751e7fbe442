package io.railscope.store;

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
public class CellReads {

    private static final int ISSUE_LIMIT = 50;
    private static final int NEIGHBOR_LIMIT = 10;

    private final ConsistentRead consistentRead;

    public CellReads(ConsistentRead consistentRead) {
        this.consistentRead = consistentRead;
    }

    /** Every known cell's summary, by name. */
    public List<CellSummary> fleet() {
        return consistentRead.read(connection -> summaries(connection, null));
    }

    public Optional<CellDetails> cell(String name) {
        return consistentRead.read(connection -> {
            List<CellSummary> summaries = summaries(connection, name);
            if (summaries.isEmpty()) {
                return Optional.empty();
            }
            return Optional.of(new CellDetails(summaries.get(0), rails(connection, name), portIssues(connection, name),
                    neighbors(connection, name), pools(connection, name), jobs(connection, name)));
        });
    }

    private static List<CellSummary> summaries(Connection connection, String only) throws SQLException {
        Map<String, List<SourceState>> sources = Rows.list(connection, """
                SELECT c.name AS cell, s.source, s.last_attempt_at, s.last_success_at, s.last_duration_ms, s.error,
                       s.consecutive_failures
                  FROM source_status s JOIN cell c ON c.id = s.cell_id
                 WHERE ?::text IS NULL OR c.name = ?
                 ORDER BY c.name, s.source""",
                rs -> Map.entry(rs.getString("cell"), new SourceState(rs.getString("source"), Rows.instant(rs, "last_attempt_at"),
                        Rows.instant(rs, "last_success_at"), rs.getInt("last_duration_ms"), rs.getString("error"),
                        rs.getInt("consecutive_failures"))), only, only)
                .stream().collect(Collectors.groupingBy(Map.Entry::getKey, Collectors.mapping(Map.Entry::getValue, Collectors.toList())));
        return Rows.list(connection, """
                SELECT c.name, c.kind, c.collected_at, c.collection_seq, s.health, s.nodes, s.rail_ports, s.ports_down,
                       s.ports_degraded, s.neighbor_warning, s.neighbor_critical, s.pools, s.pools_at_risk,
                       s.primary_free_blocks, s.primary_total_blocks, s.jobs, s.jobs_degraded, s.reasons
                  FROM cell c LEFT JOIN cell_summary s ON s.cell_id = c.id
                 WHERE ?::text IS NULL OR c.name = ?
                 ORDER BY c.name""",
                rs -> new CellSummary(rs.getString("name"), rs.getString("kind"), Rows.instant(rs, "collected_at"),
                        rs.getLong("collection_seq"),
                        rs.getString("health") == null ? Health.UNKNOWN : Health.valueOf(rs.getString("health")),
                        rs.getInt("nodes"), rs.getInt("rail_ports"), rs.getInt("ports_down"), rs.getInt("ports_degraded"),
                        rs.getInt("neighbor_warning"), rs.getInt("neighbor_critical"), rs.getInt("pools"),
                        rs.getInt("pools_at_risk"), rs.getObject("primary_free_blocks", Long.class),
                        rs.getObject("primary_total_blocks", Long.class), rs.getInt("jobs"), rs.getInt("jobs_degraded"),
                        Rows.strings(rs, "reasons"), sources.getOrDefault(rs.getString("name"), List.of())),
                only, only);
    }

    private static List<RailSummary> rails(Connection connection, String cell) throws SQLException {
        return Rows.list(connection, """
                SELECT rp.rail, min(rp.device) AS device, count(*) AS ports,
                       count(*) FILTER (WHERE s.health = 'DOWN') AS down,
                       count(*) FILTER (WHERE s.health = 'DEGRADED') AS degraded,
                       avg(s.rx_bytes_per_second) AS rx, avg(s.tx_bytes_per_second) AS tx
                  FROM rail_port rp JOIN cell c ON c.id = rp.cell_id
                  LEFT JOIN rail_port_state s ON s.rail_port_id = rp.id
                 WHERE c.name = ?
                 GROUP BY rp.rail ORDER BY rp.rail""",
                rs -> new RailSummary(rs.getInt("rail"), rs.getString("device"), rs.getInt("ports"), rs.getInt("down"),
                        rs.getInt("degraded"), Rows.nullableDouble(rs, "rx"), Rows.nullableDouble(rs, "tx")), cell);
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

    private static List<NeighborState> neighbors(Connection connection, String cell) throws SQLException {
        return Rows.list(connection, """
                SELECT n.name AS node, nn.entries, nn.gc_thresh1, nn.gc_thresh2, nn.gc_thresh3, nn.pressure, nn.health, nn.reason
                  FROM node_neighbor nn JOIN cell c ON c.id = nn.cell_id JOIN node n ON n.id = nn.node_id
                 WHERE c.name = ?
                 ORDER BY nn.pressure DESC, n.name
                 LIMIT ?""",
                rs -> new NeighborState(rs.getString("node"), rs.getInt("entries"), rs.getInt("gc_thresh1"),
                        rs.getInt("gc_thresh2"), rs.getInt("gc_thresh3"), rs.getDouble("pressure"), rs.getString("health"),
                        rs.getString("reason")), cell, NEIGHBOR_LIMIT);
    }

    private static List<PoolState> pools(Connection connection, String cell) throws SQLException {
        return Rows.list(connection, """
                SELECT p.* FROM ip_pool p JOIN cell c ON c.id = p.cell_id
                 WHERE c.name = ?
                 ORDER BY CASE p.plane WHEN 'PRIMARY' THEN 0 WHEN 'BACKEND' THEN 1 ELSE 2 END, p.rail NULLS FIRST, p.name""",
                rs -> new PoolState(rs.getString("name"), rs.getString("plane"), rs.getObject("rail", Integer.class),
                        rs.getString("kind"), Rows.strings(rs, "cidrs"), rs.getObject("block_prefix", Integer.class),
                        rs.getLong("capacity"), rs.getLong("allocated"), rs.getLong("blocks_total"), rs.getLong("blocks_used"),
                        rs.getString("health"), rs.getString("reason")), cell);
    }

    private static List<JobState> jobs(Connection connection, String cell) throws SQLException {
        return Rows.list(connection, """
                SELECT j.* FROM nccl_job j JOIN cell c ON c.id = j.cell_id
                 WHERE c.name = ?
                 ORDER BY j.running DESC, j.verdict = 'RDMA_OK', j.namespace, j.name""",
                rs -> new JobState(rs.getString("namespace"), rs.getString("name"), rs.getString("transport"),
                        rs.getString("verdict"), rs.getString("reason"), rs.getInt("nranks"), Rows.nullableDouble(rs, "busbw_gbps"),
                        rs.getBoolean("running"), Rows.instant(rs, "last_seen")), cell);
    }
}
