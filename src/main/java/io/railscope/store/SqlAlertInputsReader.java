package io.railscope.store;

import com.fasterxml.jackson.core.type.TypeReference;
import io.railscope.alert.AlertInputs;
import io.railscope.alert.AlertInputsReader;
import io.railscope.assess.JobVerdict;
import io.railscope.assess.RailPortRows;
import io.railscope.audit.IsolationFinding;
import io.railscope.model.Health;
import io.railscope.model.IpFamily;
import io.railscope.model.Plane;
import io.railscope.model.PortHealth;
import io.railscope.model.SourceKind;
import io.railscope.read.CellFabric;
import io.railscope.read.StoredFinding;
import io.railscope.source.nccl.RasStatus;
import jakarta.enterprise.context.ApplicationScoped;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.function.BiFunction;

/** Reads what a cell's alert rules need, in one snapshot, through the partial indexes on unhealthy rows. */
@ApplicationScoped
public class SqlAlertInputsReader implements AlertInputsReader {

    private static final TypeReference<RasStatus> RAS = new TypeReference<>() {};

    private final ConsistentRead consistentRead;

    public SqlAlertInputsReader(ConsistentRead consistentRead) {
        this.consistentRead = consistentRead;
    }

    @Override
    public AlertInputs read(
            String cell,
            double blockFullRatio,
            int disagreementsLimit,
            BiFunction<AlertInputs, RailPortRows, AlertInputs> complete) {
        return consistentRead.read(connection -> read(connection, cell, blockFullRatio, disagreementsLimit, complete));
    }

    /** The cell's rail ports that were not OK at its last commit. */
    @Override
    public List<AlertInputs.Port> unhealthyPorts(String cell) {
        return consistentRead.read(connection -> {
            List<Integer> ids =
                    Rows.list(connection, "SELECT id FROM cell WHERE name = ?", row -> row.integer("id"), cell);
            return ids.isEmpty() ? List.of() : ports(connection, ids.get(0));
        });
    }

    private static List<AlertInputs.Port> ports(Connection connection, int id) throws SQLException {
        return Rows.list(
                connection,
                """
                SELECT n.name AS node, p.rail, p.device, p.port, s.health, s.reason, s.rate_gbps, s.link_downed_increase,
                       s.symbol_errors_per_hour, s.errors_per_second, s.congestion_ratio, s.pfc_pause_ratio
                  FROM rail_port_state s JOIN rail_port p ON p.id = s.rail_port_id JOIN node n ON n.id = p.node_id
                 WHERE s.cell_id = ? AND s.health <> 'OK'""",
                row -> new AlertInputs.Port(
                        row.text("node"),
                        row.integer("rail"),
                        row.text("device"),
                        row.integer("port"),
                        row.constant(PortHealth.class, "health"),
                        row.text("reason"),
                        row.decimal("rate_gbps"),
                        row.integer("link_downed_increase"),
                        row.nullableDecimal("symbol_errors_per_hour"),
                        row.nullableDecimal("errors_per_second"),
                        row.nullableDecimal("congestion_ratio"),
                        row.nullableDecimal("pfc_pause_ratio")),
                id);
    }

    private static AlertInputs read(
            Connection connection,
            String cell,
            double blockFullRatio,
            int disagreementsLimit,
            BiFunction<AlertInputs, RailPortRows, AlertInputs> complete)
            throws SQLException {
        List<Integer> ids = Rows.list(connection, "SELECT id FROM cell WHERE name = ?", row -> row.integer("id"), cell);
        if (ids.isEmpty()) {
            return AlertInputs.none(cell);
        }
        int id = ids.get(0);
        List<AlertInputs.Pool> pools = Rows.list(
                connection,
                """
                SELECT name, plane, rail, health, reason, leaked, allocation_failures FROM ip_pool
                 WHERE cell_id = ? AND (health IN ('WARNING', 'CRITICAL') OR leaked > 0 OR allocation_failures > 0)""",
                row -> new AlertInputs.Pool(
                        row.text("name"),
                        row.constant(Plane.class, "plane"),
                        row.nullableInteger("rail"),
                        row.constant(Health.class, "health"),
                        row.text("reason"),
                        row.number("leaked"),
                        row.number("allocation_failures")),
                id);
        List<AlertInputs.Block> blocks = Rows.list(
                connection,
                """
                SELECT n.name AS node, p.name AS pool, b.cidr, b.used, b.capacity
                  FROM node_block b JOIN node n ON n.id = b.node_id JOIN ip_pool p ON p.id = b.pool_id
                 WHERE n.cell_id = ? AND b.capacity > 0 AND b.used >= b.capacity * ?""",
                row -> new AlertInputs.Block(
                        row.text("node"),
                        row.text("pool"),
                        row.text("cidr"),
                        row.integer("used"),
                        row.integer("capacity")),
                id,
                blockFullRatio);
        List<AlertInputs.Neighbor> neighbors = Rows.list(
                connection,
                """
                SELECT n.name, nn.entries, nn.gc_thresh2, nn.gc_thresh3, nn.health, nn.reason, nn.family
                  FROM node_neighbor nn JOIN node n ON n.id = nn.node_id
                 WHERE n.cell_id = ? AND nn.health IN ('WARNING', 'CRITICAL')""",
                row -> new AlertInputs.Neighbor(
                        row.text("name"),
                        row.integer("entries"),
                        row.integer("gc_thresh2"),
                        row.integer("gc_thresh3"),
                        row.constant(Health.class, "health"),
                        row.text("reason"),
                        IpFamily.of(row.integer("family"))),
                id);
        List<AlertInputs.Port> ports = ports(connection, id);
        List<AlertInputs.Job> jobs = Rows.list(
                connection,
                """
                SELECT namespace, name, verdict, reason, busbw_gbps, baseline_gbps,
                       CASE WHEN verdict = 'FAILED' THEN warnings END AS warnings,
                       CASE WHEN verdict = 'FAILED' THEN warning_kinds END AS warning_kinds,
                       CASE WHEN verdict = 'FAILED' THEN pods::text END AS pods, ras::text
                  FROM nccl_job
                 WHERE cell_id = ? AND running AND (verdict <> 'RDMA_OK' OR (ras ->> 'missingRanks')::int > 0)""",
                row -> new AlertInputs.Job(
                        row.text("namespace"),
                        row.text("name"),
                        row.constant(JobVerdict.class, "verdict"),
                        row.text("reason"),
                        row.nullableDecimal("busbw_gbps"),
                        row.nullableDecimal("baseline_gbps"),
                        List.of(),
                        row.json("ras", RAS, null),
                        SqlJobRows.warnings(row.strings("warnings"), row.strings("warning_kinds")),
                        row.json("pods", SqlJobRows.PODS, List.of())),
                id);
        List<AlertInputs.Source> sources = Rows.list(
                connection,
                "SELECT source, last_success_at, error FROM source_status WHERE cell_id = ?",
                row -> new AlertInputs.Source(
                        SourceKind.fromLabel(row.text("source")), row.instant("last_success_at"), row.text("error")),
                id);
        int failures = Rows.list(
                        connection,
                        "SELECT coalesce(sum(count), 0)::int AS events FROM allocation_failure WHERE cell_id = ?",
                        row -> row.integer("events"),
                        id)
                .get(0);
        List<IsolationFinding> isolation = SqlIsolationReads.findings(connection, cell).stream()
                .map(StoredFinding::finding)
                .toList();
        AlertInputs inputs = new AlertInputs(
                cell,
                pools,
                blocks,
                neighbors,
                ports,
                jobs,
                sources,
                failures,
                isolation,
                SqlRailDisagreements.disagreeingNodes(connection, cell, disagreementsLimit),
                // the rules read the leaves and rails blamed, never the links: a noisy cell may have hundreds
                SqlFabricRows.switchBlames(connection, id, Integer.MAX_VALUE),
                SqlFabricRows.miswired(connection, cell).stream()
                        .map(CellFabric.MiswiredPort::port)
                        .toList());
        return complete.apply(inputs, new SqlRailPorts(connection, id));
    }
}
