package io.railscope.store;

import io.railscope.read.IsolationReads;
import io.railscope.alert.AlertInputsReader;
import io.railscope.alert.AlertInputs;
import io.railscope.read.StoredFinding;
import jakarta.enterprise.context.ApplicationScoped;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.util.List;

/** Reads what a cell's alert rules need, in one snapshot, through the partial indexes on unhealthy rows. */
@ApplicationScoped
public class SqlAlertInputsReader implements AlertInputsReader {

    private final ConsistentRead consistentRead;

    public SqlAlertInputsReader(ConsistentRead consistentRead) {
        this.consistentRead = consistentRead;
    }

    @Override
    public AlertInputs read(String cell, double blockFullRatio) {
        return consistentRead.read(connection -> read(connection, cell, blockFullRatio));
    }

    /** The cell's rail ports that were not OK at its last commit. */
    @Override
    public List<AlertInputs.Port> unhealthyPorts(String cell) {
        return consistentRead.read(connection -> {
            List<Integer> ids = Rows.list(connection, "SELECT id FROM cell WHERE name = ?", rs -> rs.getInt(1), cell);
            return ids.isEmpty() ? List.of() : ports(connection, ids.get(0));
        });
    }

    private static List<AlertInputs.Port> ports(Connection connection, int id) throws SQLException {
        return Rows.list(connection, """
                SELECT n.name, p.rail, p.device, p.port, s.health, s.reason, s.rate_gbps, s.link_downed_increase,
                       s.symbol_errors_per_hour, s.errors_per_second, s.congestion_ratio
                  FROM rail_port_state s JOIN rail_port p ON p.id = s.rail_port_id JOIN node n ON n.id = p.node_id
                 WHERE s.cell_id = ? AND s.health <> 'OK'""",
                rs -> new AlertInputs.Port(rs.getString(1), rs.getInt(2), rs.getString(3), rs.getInt(4), rs.getString(5), rs.getString(6),
                        rs.getDouble(7), rs.getInt(8), Rows.nullableDouble(rs, "symbol_errors_per_hour"), Rows.nullableDouble(rs, "errors_per_second"),
                        Rows.nullableDouble(rs, "congestion_ratio")), id);
    }

    private static AlertInputs read(Connection connection, String cell, double blockFullRatio) throws SQLException {
        List<Integer> ids = Rows.list(connection, "SELECT id FROM cell WHERE name = ?", rs -> rs.getInt(1), cell);
        if (ids.isEmpty()) {
            return new AlertInputs(cell, List.of(), List.of(), List.of(), List.of(), List.of(), List.of(), 0, List.of());
        }
        int id = ids.get(0);
        List<AlertInputs.Pool> pools = Rows.list(connection, """
                SELECT name, plane, rail, health, reason, leaked, allocation_failures FROM ip_pool
                 WHERE cell_id = ? AND (health IN ('WARNING', 'CRITICAL') OR leaked > 0 OR allocation_failures > 0)""",
                rs -> new AlertInputs.Pool(rs.getString(1), rs.getString(2), (Integer) rs.getObject(3), rs.getString(4), rs.getString(5),
                        rs.getLong(6), rs.getLong(7)), id);
        List<AlertInputs.Block> blocks = Rows.list(connection, """
                SELECT n.name, p.name, b.cidr, b.used, b.capacity
                  FROM node_block b JOIN node n ON n.id = b.node_id JOIN ip_pool p ON p.id = b.pool_id
                 WHERE n.cell_id = ? AND b.capacity > 0 AND b.used >= b.capacity * ?""",
                rs -> new AlertInputs.Block(rs.getString(1), rs.getString(2), rs.getString(3), rs.getInt(4), rs.getInt(5)), id, blockFullRatio);
        List<AlertInputs.Neighbor> neighbors = Rows.list(connection, """
                SELECT n.name, nn.entries, nn.gc_thresh2, nn.gc_thresh3, nn.health, nn.reason
                  FROM node_neighbor nn JOIN node n ON n.id = nn.node_id
                 WHERE n.cell_id = ? AND nn.health IN ('WARNING', 'CRITICAL')""",
                rs -> new AlertInputs.Neighbor(rs.getString(1), rs.getInt(2), rs.getInt(3), rs.getInt(4), rs.getString(5), rs.getString(6)), id);
        List<AlertInputs.Port> ports = ports(connection, id);
        List<AlertInputs.Job> jobs = Rows.list(connection, """
                SELECT namespace, name, verdict, reason, busbw_gbps, baseline_gbps FROM nccl_job
                 WHERE cell_id = ? AND running AND verdict <> 'RDMA_OK'""",
                rs -> new AlertInputs.Job(rs.getString(1), rs.getString(2), rs.getString(3), rs.getString(4), Rows.nullableDouble(rs, "busbw_gbps"),
                        Rows.nullableDouble(rs, "baseline_gbps")), id);
        List<AlertInputs.Source> sources = Rows.list(connection, "SELECT source, last_success_at, error FROM source_status WHERE cell_id = ?",
                rs -> {
                    Timestamp success = rs.getTimestamp(2);
                    return new AlertInputs.Source(rs.getString(1), success == null ? null : success.toInstant(), rs.getString(3));
                }, id);
        int failures = Rows.list(connection, "SELECT coalesce(sum(count), 0)::int FROM allocation_failure WHERE cell_id = ?", rs -> rs.getInt(1), id).get(0);
        List<io.railscope.audit.IsolationFinding> isolation = SqlIsolationReads.findings(connection, cell).stream().map(StoredFinding::finding).toList();
        return new AlertInputs(cell, pools, blocks, neighbors, ports, jobs, sources, failures, isolation);
    }
}
