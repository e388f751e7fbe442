package io.railscope.store;

import io.railscope.assess.NeighborAssessment;
import io.railscope.model.Health;
import io.railscope.model.IpFamily;
import io.railscope.model.PortHealth;
import io.railscope.read.HeatmapCells;
import io.railscope.read.NeighborSample;
import io.railscope.read.NodeDetail;
import io.railscope.read.PortSample;
import io.railscope.read.PortState;
import io.railscope.read.RailHealth;
import io.railscope.read.RailReads;
import io.railscope.read.RailSample;
import jakarta.enterprise.context.ApplicationScoped;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/** Reads of rails and nodes: per-rail health, a rail's ports, a node's ports and history, and the heatmap. */
@ApplicationScoped
public class SqlRailReads implements RailReads {

    /**
     * The cell's nodes as the heatmap places them: by the switch their lowest cabled rail leads to (so the nodes of one
     * leaf, or of one scalable unit, sit side by side and a leaf's fault shows as one block), then by name; nodes of no
     * known cable last. Its two parameters are the cell's name.
     */
    private static final String NODES_BY_SWITCH = """
            SELECT n.name FROM node n JOIN cell c ON c.id = n.cell_id
              LEFT JOIN (SELECT DISTINCT ON (rp.node_id) rp.node_id, k.switch_name
                           FROM rail_port_cable k JOIN rail_port rp ON rp.id = k.rail_port_id
                          WHERE k.cell_id = (SELECT id FROM cell WHERE name = ?)
                          ORDER BY rp.node_id, rp.rail) lowest ON lowest.node_id = n.id
             WHERE c.name = ?
             ORDER BY lowest.switch_name NULLS LAST, n.name""";

    private static final String PORT_COLUMNS = """
            n.name AS node, rp.rail, rp.device, rp.port, s.state, s.phys_state, s.rate_gbps, s.rx_bytes_per_second,
            s.tx_bytes_per_second, s.symbol_errors_per_hour, s.errors_per_second, s.link_downed_increase, s.congestion_ratio,
            s.health, s.reason, s.cnp_per_second, s.ecn_marked_per_second, s.pfc_pause_ratio""";

    private final ConsistentRead consistentRead;
    private final Clock clock;

    public SqlRailReads(ConsistentRead consistentRead, Clock clock) {
        this.clock = clock;
        this.consistentRead = consistentRead;
    }

    @Override
    public List<RailHealth> rails(String cell) {
        return consistentRead.read(connection -> rails(connection, cell));
    }

    static List<RailHealth> rails(Connection connection, String cell) throws SQLException {
        return Rows.list(
                connection,
                """
                SELECT rp.rail, min(rp.device) AS device, count(*) AS ports,
                       count(*) FILTER (WHERE s.health = 'DOWN') AS down,
                       count(*) FILTER (WHERE s.health = 'DEGRADED') AS degraded,
                       avg(s.rx_bytes_per_second) AS rx, avg(s.tx_bytes_per_second) AS tx, avg(s.rate_gbps) AS rate
                  FROM rail_port rp JOIN cell c ON c.id = rp.cell_id
                  LEFT JOIN rail_port_state s ON s.rail_port_id = rp.id
                 WHERE c.name = ?
                 GROUP BY rp.rail ORDER BY rp.rail""",
                row -> new RailHealth(
                        row.integer("rail"),
                        row.text("device"),
                        row.integer("ports"),
                        row.integer("down"),
                        row.integer("degraded"),
                        row.nullableDecimal("rx"),
                        row.nullableDecimal("tx"),
                        row.nullableDecimal("rate")),
                cell);
    }

    /** A rail's ports that are not OK first, then the rest by node, at most {@code limit}. */
    @Override
    public List<RailSample> railHistory(String cell, int rail, Duration window) {
        Instant since = clock.instant().minus(window);
        return consistentRead.read(connection -> Rows.list(
                connection,
                """
                SELECT x.ts, x.ports, x.cnp_per_second, x.ecn_marked_per_second, x.max_pfc_pause_ratio, x.max_congestion_ratio
                  FROM rail_sample x JOIN cell c ON c.id = x.cell_id
                 WHERE c.name = ? AND x.rail = ? AND x.ts > ? ORDER BY x.ts""",
                row -> new RailSample(
                        row.instant("ts"),
                        row.integer("ports"),
                        row.nullableDecimal("cnp_per_second"),
                        row.nullableDecimal("ecn_marked_per_second"),
                        row.nullableDecimal("max_pfc_pause_ratio"),
                        row.nullableDecimal("max_congestion_ratio")),
                cell,
                rail,
                since));
    }

    @Override
    public List<PortState> railPorts(String cell, int rail, int limit) {
        return consistentRead.read(connection ->
                Rows.list(connection, "SELECT " + PORT_COLUMNS + """
                  FROM rail_port rp
                  JOIN cell c ON c.id = rp.cell_id
                  JOIN node n ON n.id = rp.node_id
                  LEFT JOIN rail_port_state s ON s.rail_port_id = rp.id
                 WHERE c.name = ? AND rp.rail = ?
                 ORDER BY CASE s.health WHEN 'DOWN' THEN 0 WHEN 'DEGRADED' THEN 1 ELSE 2 END, n.name
                 LIMIT ?""", SqlRailReads::port, cell, rail, limit));
    }

    @Override
    public Optional<NodeDetail> node(String cell, String node, Duration historyWindow) {
        return consistentRead.read(connection -> {
            Optional<NodeRow> inventory = Rows.first(
                    connection,
                    """
                    SELECT n.id, n.pool, n.pod_cidrs, n.max_pods FROM node n JOIN cell c ON c.id = n.cell_id
                     WHERE c.name = ? AND n.name = ?""",
                    row -> new NodeRow(
                            row.integer("id"),
                            row.text("pool"),
                            row.strings("pod_cidrs"),
                            row.nullableInteger("max_pods")),
                    cell,
                    node);
            if (inventory.isEmpty()) {
                return Optional.empty();
            }
            int nodeId = inventory.get().id();
            List<NeighborAssessment> neighbors = Rows.list(connection, """
                    SELECT ? AS node, entries, gc_thresh1, gc_thresh2, gc_thresh3, pressure, health, reason, entries_by_device,
                           family
                      FROM node_neighbor WHERE node_id = ? ORDER BY family""", SqlRailReads::neighbor, node, nodeId);
            List<PortState> ports = Rows.list(connection, "SELECT " + PORT_COLUMNS + """
                      FROM rail_port rp JOIN node n ON n.id = rp.node_id LEFT JOIN rail_port_state s ON s.rail_port_id = rp.id
                     WHERE rp.node_id = ? ORDER BY rp.rail""", SqlRailReads::port, nodeId);
            Map<Integer, List<PortSample>> history = new TreeMap<>();
            Instant since = clock.instant().minus(historyWindow);
            Rows.list(
                    connection,
                    """
                    SELECT rp.rail, x.ts, x.rx_bytes_per_second, x.tx_bytes_per_second, x.health, x.errors_per_second, x.symbol_errors_per_hour
                      FROM rail_port_sample x JOIN rail_port rp ON rp.id = x.rail_port_id
                     WHERE rp.node_id = ? AND x.ts > ? ORDER BY rp.rail, x.ts""",
                    row -> history.computeIfAbsent(row.integer("rail"), rail -> new ArrayList<>())
                            .add(new PortSample(
                                    row.instant("ts"),
                                    row.nullableDecimal("rx_bytes_per_second"),
                                    row.nullableDecimal("tx_bytes_per_second"),
                                    row.integer("health"),
                                    row.nullableDecimal("errors_per_second"),
                                    row.nullableDecimal("symbol_errors_per_hour"))),
                    nodeId,
                    since);
            List<NeighborSample> neighborHistory = Rows.list(
                    connection,
                    """
                    SELECT ts, entries, family FROM neighbor_sample WHERE node_id = ? AND ts > ? ORDER BY ts""",
                    row -> new NeighborSample(
                            row.instant("ts"), row.integer("entries"), IpFamily.of(row.integer("family"))),
                    nodeId,
                    since);
            NodeRow found = inventory.get();
            return Optional.of(new NodeDetail(
                    cell,
                    node,
                    found.pool(),
                    found.podCidrs(),
                    found.maxPods(),
                    neighbors,
                    ports,
                    history,
                    neighborHistory,
                    SqlRailDisagreements.node(connection, nodeId)));
        });
    }

    /** How many nodes the cell has, for the heatmap's layout. */
    @Override
    public int nodeCount(String cell) {
        return consistentRead.read(connection -> Rows.list(
                        connection,
                        "SELECT count(*) AS nodes FROM node n JOIN cell c ON c.id = n.cell_id WHERE c.name = ?",
                        row -> row.integer("nodes"),
                        cell)
                .get(0));
    }

    /** The node at {@code index} as the heatmap places it. */
    @Override
    public Optional<String> nodeAt(String cell, int index) {
        return consistentRead.read(connection -> Rows.first(
                connection, NODES_BY_SWITCH + " OFFSET ? LIMIT 1", row -> row.text("name"), cell, cell, index));
    }

    @Override
    public HeatmapCells heatmap(String cell, int rails) {
        return consistentRead.read(connection -> {
            List<String> nodes = Rows.list(connection, NODES_BY_SWITCH, row -> row.text("name"), cell, cell);
            Map<String, Integer> index = new HashMap<>(nodes.size() * 2);
            for (int i = 0; i < nodes.size(); i++) {
                index.put(nodes.get(i), i);
            }
            byte[] codes = new byte[nodes.size() * rails];
            Arrays.fill(codes, HeatmapCells.NO_DATA);
            Rows.list(
                    connection,
                    """
                    SELECT n.name, rp.rail, s.health FROM rail_port rp
                      JOIN cell c ON c.id = rp.cell_id JOIN node n ON n.id = rp.node_id
                      JOIN rail_port_state s ON s.rail_port_id = rp.id
                     WHERE c.name = ?""",
                    row -> {
                        Integer node = index.get(row.text("name"));
                        int rail = row.integer("rail");
                        if (node != null && rail >= 1 && rail <= rails) {
                            codes[node * rails + rail - 1] = switch (row.constant(PortHealth.class, "health")) {
                                case OK -> HeatmapCells.OK;
                                case DEGRADED -> HeatmapCells.DEGRADED;
                                case DOWN -> HeatmapCells.DOWN;
                            };
                        }
                        return null;
                    },
                    cell);
            return new HeatmapCells(nodes, rails, codes);
        });
    }

    private static PortState port(Row row) throws SQLException {
        return new PortState(
                row.text("node"),
                row.integer("rail"),
                row.text("device"),
                row.integer("port"),
                row.integer("state"),
                row.integer("phys_state"),
                row.decimal("rate_gbps"),
                row.nullableDecimal("rx_bytes_per_second"),
                row.nullableDecimal("tx_bytes_per_second"),
                row.nullableDecimal("symbol_errors_per_hour"),
                row.nullableDecimal("errors_per_second"),
                row.integer("link_downed_increase"),
                row.nullableDecimal("congestion_ratio"),
                row.constant(PortHealth.class, "health"),
                row.text("reason"),
                row.nullableDecimal("cnp_per_second"),
                row.nullableDecimal("ecn_marked_per_second"),
                row.nullableDecimal("pfc_pause_ratio"));
    }

    /** A node's neighbor table; the query names the node {@code node}. */
    static NeighborAssessment neighbor(Row row) throws SQLException {
        return new NeighborAssessment(
                row.text("node"),
                row.integer("entries"),
                row.integer("gc_thresh1"),
                row.integer("gc_thresh2"),
                row.integer("gc_thresh3"),
                row.decimal("pressure"),
                row.constant(Health.class, "health"),
                row.text("reason"),
                row.integerMap("entries_by_device"),
                IpFamily.of(row.integer("family")));
    }

    /** A node's inventory row. */
    private record NodeRow(int id, String pool, List<String> podCidrs, Integer maxPods) {}
}
