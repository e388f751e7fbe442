package io.railscope.store;

import io.railscope.health.CellHealth;
import io.railscope.health.CellHealth.Counts;
import io.railscope.model.Health;
import io.railscope.model.SourceKind;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/** Reads what is stored for a cell, counted, and writes its one summary row: those counts and the verdict on them. */
final class CellSummaryWriter {

    private final Connection connection;
    private final CellRow cell;

    CellSummaryWriter(Connection connection, CellRow cell) {
        this.connection = connection;
        this.cell = cell;
    }

    CellSummaryRows read() throws SQLException {
        return new CellSummaryRows(
                counts(),
                poolsAtRisk(),
                failingSources(),
                SqlFabricRows.switchBlames(connection, cell.id(), SWITCH_BLAMES),
                Rows.list(
                                connection,
                                "SELECT count(*)::int AS ports FROM rail_miswiring WHERE cell_id = ?",
                                row -> row.integer("ports"),
                                cell.id())
                        .get(0));
    }

    void write(Counts counts, CellHealth.Verdict verdict) throws SQLException {
        Health health = verdict.health();
        List<String> reasons = verdict.reasons();
        try (PreparedStatement upsert = connection.prepareStatement("""
                INSERT INTO cell_summary (cell_id, collection_seq, computed_at, health, nodes, rail_ports, ports_down,
                    ports_degraded, neighbor_warning, neighbor_critical, pools, pools_at_risk, primary_free_blocks,
                    primary_total_blocks, jobs, jobs_degraded, sources_failing, reasons, ipam_leaks, allocation_failures,
                    stuck_pods, exporters, exporters_down, isolation_findings, rail_disagreements)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT (cell_id) DO UPDATE
                   SET collection_seq = EXCLUDED.collection_seq, computed_at = EXCLUDED.computed_at, health = EXCLUDED.health,
                       nodes = EXCLUDED.nodes, rail_ports = EXCLUDED.rail_ports, ports_down = EXCLUDED.ports_down,
                       ports_degraded = EXCLUDED.ports_degraded, neighbor_warning = EXCLUDED.neighbor_warning,
                       neighbor_critical = EXCLUDED.neighbor_critical, pools = EXCLUDED.pools,
                       pools_at_risk = EXCLUDED.pools_at_risk, primary_free_blocks = EXCLUDED.primary_free_blocks,
                       primary_total_blocks = EXCLUDED.primary_total_blocks, jobs = EXCLUDED.jobs,
                       jobs_degraded = EXCLUDED.jobs_degraded, sources_failing = EXCLUDED.sources_failing,
                       reasons = EXCLUDED.reasons, ipam_leaks = EXCLUDED.ipam_leaks,
                       allocation_failures = EXCLUDED.allocation_failures, stuck_pods = EXCLUDED.stuck_pods,
                       exporters = EXCLUDED.exporters, exporters_down = EXCLUDED.exporters_down,
                       isolation_findings = EXCLUDED.isolation_findings,
                       rail_disagreements = EXCLUDED.rail_disagreements""")) {
            int i = 0;
            upsert.setInt(++i, cell.id());
            upsert.setLong(++i, cell.collectionSeq());
            upsert.setTimestamp(++i, cell.timestamp());
            upsert.setString(++i, health.name());
            upsert.setInt(++i, counts.nodes());
            upsert.setInt(++i, counts.ports());
            upsert.setInt(++i, counts.portsDown());
            upsert.setInt(++i, counts.portsDegraded());
            upsert.setInt(++i, counts.neighborWarning());
            upsert.setInt(++i, counts.neighborCritical());
            upsert.setInt(++i, counts.pools());
            upsert.setInt(++i, counts.poolsAtRisk());
            upsert.setObject(++i, counts.primaryFreeBlocks());
            upsert.setObject(++i, counts.primaryTotalBlocks());
            upsert.setInt(++i, counts.jobs());
            upsert.setInt(++i, counts.jobsDegraded());
            upsert.setInt(++i, counts.sourcesFailing());
            upsert.setArray(++i, connection.createArrayOf("text", reasons.toArray()));
            upsert.setInt(++i, counts.ipamLeaks());
            upsert.setInt(++i, counts.allocationFailures());
            upsert.setInt(++i, counts.stuckPods());
            upsert.setInt(++i, counts.exporters());
            upsert.setInt(++i, counts.exportersDown());
            upsert.setInt(++i, counts.isolationFindings());
            upsert.setInt(++i, counts.railDisagreements());
            upsert.executeUpdate();
        }
    }

    private Counts counts() throws SQLException {
        try (PreparedStatement query = connection.prepareStatement("""
                SELECT (SELECT count(*) FROM node WHERE cell_id = ?1),
                       (SELECT count(*) FROM rail_port WHERE cell_id = ?1),
                       (SELECT count(*) FROM rail_port_state WHERE cell_id = ?1 AND health = 'DOWN'),
                       (SELECT count(*) FROM rail_port_state WHERE cell_id = ?1 AND health = 'DEGRADED'),
                       (SELECT count(DISTINCT node_id) FROM node_neighbor WHERE cell_id = ?1 AND health = 'WARNING'),
                       (SELECT count(DISTINCT node_id) FROM node_neighbor WHERE cell_id = ?1 AND health = 'CRITICAL'),
                       (SELECT count(*) FROM ip_pool WHERE cell_id = ?1),
                       (SELECT count(*) FROM ip_pool WHERE cell_id = ?1 AND health IN ('WARNING', 'CRITICAL')),
                       (SELECT sum(blocks_total - blocks_used)::bigint FROM ip_pool
                         WHERE cell_id = ?1 AND plane = 'PRIMARY' AND size_unknown IS NULL),
                       (SELECT sum(blocks_total)::bigint FROM ip_pool
                         WHERE cell_id = ?1 AND plane = 'PRIMARY' AND size_unknown IS NULL),
                       (SELECT count(*) FROM nccl_job WHERE cell_id = ?1 AND running),
                       (SELECT count(*) FROM nccl_job WHERE cell_id = ?1 AND running AND verdict <> 'RDMA_OK'),
                       (SELECT count(*) FROM source_status WHERE cell_id = ?1 AND error IS NOT NULL),
                       (SELECT count(*) FROM ipam_leak WHERE cell_id = ?1),
                       (SELECT COALESCE(sum(count), 0) FROM allocation_failure WHERE cell_id = ?1),
                       (SELECT count(*) FROM stuck_pod WHERE cell_id = ?1),
                       (SELECT count(*) FROM scrape_target WHERE cell_id = ?1),
                       (SELECT count(*) FROM scrape_target WHERE cell_id = ?1 AND NOT up),
                       (SELECT count(*) FROM isolation_finding WHERE cell_id = ?1),
                       (SELECT count(*) FROM rail_disagreement WHERE cell_id = ?1)""".replace("?1", Integer.toString(cell.id())))) {
            try (ResultSet rs = query.executeQuery()) {
                rs.next();
                return new Counts(
                        rs.getInt(1),
                        rs.getInt(2),
                        rs.getInt(3),
                        rs.getInt(4),
                        rs.getInt(5),
                        rs.getInt(6),
                        rs.getInt(7),
                        rs.getInt(8),
                        (Long) rs.getObject(9, Long.class),
                        (Long) rs.getObject(10, Long.class),
                        rs.getInt(11),
                        rs.getInt(12),
                        rs.getInt(13),
                        rs.getInt(14),
                        rs.getInt(15),
                        rs.getInt(16),
                        rs.getInt(17),
                        rs.getInt(18),
                        rs.getInt(19),
                        rs.getInt(20));
            }
        }
    }

    private List<CellHealth.PoolAtRisk> poolsAtRisk() throws SQLException {
        List<CellHealth.PoolAtRisk> pools = new ArrayList<>();
        try (PreparedStatement query = connection.prepareStatement(
                "SELECT health, reason FROM ip_pool WHERE cell_id = ? AND health IN ('WARNING', 'CRITICAL') ORDER BY health DESC, name")) {
            query.setInt(1, cell.id());
            try (ResultSet rs = query.executeQuery()) {
                while (rs.next()) {
                    pools.add(new CellHealth.PoolAtRisk(Health.valueOf(rs.getString(1)), rs.getString(2)));
                }
            }
        }
        return pools;
    }

    /** How many of the leaves and rails blamed a cell's summary names. */
    private static final int SWITCH_BLAMES = 3;

    private List<CellHealth.FailingSource> failingSources() throws SQLException {
        List<CellHealth.FailingSource> failing = new ArrayList<>();
        try (PreparedStatement query = connection.prepareStatement(
                "SELECT source, error FROM source_status WHERE cell_id = ? AND error IS NOT NULL ORDER BY source")) {
            query.setInt(1, cell.id());
            try (ResultSet rs = query.executeQuery()) {
                while (rs.next()) {
                    failing.add(new CellHealth.FailingSource(SourceKind.fromLabel(rs.getString(1)), rs.getString(2)));
                }
            }
        }
        return failing;
    }
}
