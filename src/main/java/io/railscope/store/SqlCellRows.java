package io.railscope.store;

import static io.railscope.store.Queries.unchecked;

import io.railscope.assess.NeighborAssessment;
import io.railscope.assess.RailsDisagreement;
import io.railscope.health.CellHealth;
import io.railscope.model.CellKind;
import io.railscope.model.Health;
import io.railscope.model.PortHealth;
import io.railscope.model.SourceKind;
import io.railscope.read.CellDetails;
import io.railscope.read.CellFabric;
import io.railscope.read.CellRows;
import io.railscope.read.CellSummary;
import io.railscope.read.CollectingReplica;
import io.railscope.read.FabricCounts;
import io.railscope.read.PortIssue;
import io.railscope.read.RailHealth;
import io.railscope.read.SourceState;
import io.railscope.read.StoredFinding;
import io.railscope.read.SwitchDetail;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/** The cells' summaries and the rows of a cell's page, read on one connection. */
final class SqlCellRows implements CellRows {

    private final Connection connection;

    SqlCellRows(Connection connection) {
        this.connection = connection;
    }

    @Override
    public long fleetVersion() {
        return unchecked(() -> Rows.list(
                        connection,
                        "SELECT coalesce(sum(collection_seq), 0) + count(*) * 1000000007 AS version FROM cell",
                        row -> row.number("version"))
                .get(0));
    }

    @Override
    public Optional<Long> collectionSeq(String cell) {
        return unchecked(() -> Rows.first(
                connection,
                "SELECT collection_seq FROM cell WHERE name = ?",
                row -> row.number("collection_seq"),
                cell));
    }

    @Override
    public List<CellSummary> summaries(String only) {
        return unchecked(() -> summaries(connection, only));
    }

    @Override
    public List<RailHealth> rails(String cell) {
        return unchecked(() -> SqlRailReads.rails(connection, cell));
    }

    @Override
    public List<PortIssue> portIssues(String cell, int limit) {
        return unchecked(() -> portIssues(connection, cell, limit));
    }

    @Override
    public List<NeighborAssessment> busiestNeighborTables(String cell, int limit) {
        return unchecked(() -> Rows.list(connection, """
                SELECT n.name AS node, nn.entries, nn.gc_thresh1, nn.gc_thresh2, nn.gc_thresh3, nn.pressure, nn.health, nn.reason,
                       nn.entries_by_device, nn.family
                  FROM node_neighbor nn JOIN cell c ON c.id = nn.cell_id JOIN node n ON n.id = nn.node_id
                 WHERE c.name = ?
                 ORDER BY nn.pressure DESC, n.name
                 LIMIT ?""", SqlRailReads::neighbor, cell, limit));
    }

    @Override
    public List<StoredFinding> isolationFindings(String cell) {
        return unchecked(() -> SqlIsolationReads.findings(connection, cell));
    }

    @Override
    public List<CellDetails.FailedTarget> failedTargets(String cell, int limit) {
        return unchecked(() -> failedTargets(connection, cell, limit));
    }

    @Override
    public CellFabric fabric(String cell) {
        return unchecked(() -> SqlFabricRows.fabric(connection, cell));
    }

    @Override
    public FabricCounts fabricCounts(String cell) {
        return unchecked(() -> SqlFabricRows.counts(connection, cell));
    }

    @Override
    public Optional<SwitchDetail> fabricSwitch(String cell, String name) {
        return unchecked(() -> SqlFabricRows.fabricSwitch(connection, cell, name));
    }

    @Override
    public List<RailsDisagreement> railDisagreements(String cell, int limit) {
        return unchecked(() -> SqlRailDisagreements.disagreeingNodes(connection, cell, limit));
    }

    /** The summaries of every cell, or of one when {@code only} is not null, with their sources; health UNKNOWN before the first. */
    private static List<CellSummary> summaries(Connection connection, String only) throws SQLException {
        Map<String, List<SourceState>> sources = Rows.list(
                        connection,
                        """
                SELECT c.name AS cell, s.source, s.last_attempt_at, s.last_success_at, s.last_duration_ms, s.error,
                       s.consecutive_failures, s.problems
                  FROM source_status s JOIN cell c ON c.id = s.cell_id
                 WHERE ?::text IS NULL OR c.name = ?
                 ORDER BY s.source""",
                        row -> Map.entry(
                                row.text("cell"),
                                new SourceState(
                                        SourceKind.fromLabel(row.text("source")),
                                        row.instant("last_attempt_at"),
                                        row.instant("last_success_at"),
                                        row.integer("last_duration_ms"),
                                        row.text("error"),
                                        row.integer("consecutive_failures"),
                                        row.text("problems"))),
                        only,
                        only)
                .stream()
                .collect(Collectors.groupingBy(
                        Map.Entry::getKey, Collectors.mapping(Map.Entry::getValue, Collectors.toList())));
        return Rows.list(
                connection,
                """
                SELECT c.name, c.kind, c.collected_at, c.collection_seq, coalesce(s.health, 'UNKNOWN') AS health,
                       coalesce(s.nodes, 0) AS nodes, coalesce(s.rail_ports, 0) AS rail_ports, coalesce(s.ports_down, 0) AS ports_down,
                       coalesce(s.ports_degraded, 0) AS ports_degraded, coalesce(s.neighbor_warning, 0) AS neighbor_warning,
                       coalesce(s.neighbor_critical, 0) AS neighbor_critical, coalesce(s.pools, 0) AS pools,
                       coalesce(s.pools_at_risk, 0) AS pools_at_risk, s.primary_free_blocks, s.primary_total_blocks,
                       coalesce(s.jobs, 0) AS jobs, coalesce(s.jobs_degraded, 0) AS jobs_degraded,
                       coalesce(s.isolation_findings, 0) AS isolation_findings,
                       coalesce(s.rail_disagreements, 0) AS rail_disagreements, coalesce(s.sources_failing, 0) AS sources_failing,
                       coalesce(s.ipam_leaks, 0) AS ipam_leaks, coalesce(s.allocation_failures, 0) AS allocation_failures,
                       coalesce(s.stuck_pods, 0) AS stuck_pods, coalesce(s.exporters, 0) AS exporters,
                       coalesce(s.exporters_down, 0) AS exporters_down, s.reasons,
                       l.owner AS collected_by, l.acquired_at AS collected_by_since
                  FROM cell c LEFT JOIN cell_summary s ON s.cell_id = c.id
                  LEFT JOIN lease l ON l.name = 'cell/' || c.name AND l.expires_at > now()
                 WHERE ?::text IS NULL OR c.name = ?
                 ORDER BY c.name""",
                row -> new CellSummary(
                        row.text("name"),
                        row.constant(CellKind.class, "kind"),
                        row.instant("collected_at"),
                        row.number("collection_seq"),
                        row.constant(Health.class, "health"),
                        new CellHealth.Counts(
                                row.integer("nodes"),
                                row.integer("rail_ports"),
                                row.integer("ports_down"),
                                row.integer("ports_degraded"),
                                row.integer("neighbor_warning"),
                                row.integer("neighbor_critical"),
                                row.integer("pools"),
                                row.integer("pools_at_risk"),
                                row.nullableNumber("primary_free_blocks"),
                                row.nullableNumber("primary_total_blocks"),
                                row.integer("jobs"),
                                row.integer("jobs_degraded"),
                                row.integer("sources_failing"),
                                row.integer("ipam_leaks"),
                                row.integer("allocation_failures"),
                                row.integer("stuck_pods"),
                                row.integer("exporters"),
                                row.integer("exporters_down"),
                                row.integer("isolation_findings"),
                                row.integer("rail_disagreements")),
                        row.strings("reasons"),
                        sources.getOrDefault(row.text("name"), List.of()),
                        row.text("collected_by") == null
                                ? null
                                : new CollectingReplica(row.text("collected_by"), row.instant("collected_by_since"))),
                only,
                only);
    }

    private static List<PortIssue> portIssues(Connection connection, String cell, int limit) throws SQLException {
        return Rows.list(
                connection,
                """
                SELECT n.name AS node, rp.rail, rp.device, rp.port, s.health, s.rate_gbps, s.reason
                  FROM rail_port_state s
                  JOIN cell c ON c.id = s.cell_id
                  JOIN rail_port rp ON rp.id = s.rail_port_id
                  JOIN node n ON n.id = rp.node_id
                 WHERE c.name = ? AND s.health <> 'OK'
                 ORDER BY s.health = 'DOWN' DESC, n.name, rp.rail
                 LIMIT ?""",
                row -> new PortIssue(
                        row.text("node"),
                        row.integer("rail"),
                        row.text("device"),
                        row.integer("port"),
                        row.constant(PortHealth.class, "health"),
                        row.decimal("rate_gbps"),
                        row.text("reason")),
                cell,
                limit);
    }

    private static List<CellDetails.FailedTarget> failedTargets(Connection connection, String cell, int limit)
            throws SQLException {
        return Rows.list(
                connection,
                """
                SELECT t.target, t.node, t.error, t.duration_ms
                  FROM scrape_target t JOIN cell c ON c.id = t.cell_id
                 WHERE c.name = ? AND NOT t.up
                 ORDER BY t.target
                 LIMIT ?""",
                row -> new CellDetails.FailedTarget(
                        row.text("target"), row.text("node"), row.text("error"), row.integer("duration_ms")),
                cell,
                limit);
    }
}
