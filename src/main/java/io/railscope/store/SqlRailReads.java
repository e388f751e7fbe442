package io.railscope.store;

import io.railscope.read.RailReads;
import io.railscope.read.HeatmapCells;
import io.railscope.read.NeighborSample;
import io.railscope.read.NeighborState;
import io.railscope.read.NodeDetail;
import io.railscope.read.PortSample;
import io.railscope.read.PortState;
import io.railscope.read.RailHealth;
import jakarta.enterprise.context.ApplicationScoped;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
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

    private static final String PORT_COLUMNS = """
            n.name AS node, rp.rail, rp.device, rp.port, s.state, s.phys_state, s.rate_gbps, s.rx_bytes_per_second,
            s.tx_bytes_per_second, s.symbol_errors_per_hour, s.errors_per_second, s.link_downed_increase, s.congestion_ratio,
            s.health, s.reason, s.cnp_per_second, s.ecn_marked_per_second""";

    private final ConsistentRead consistentRead;

    public SqlRailReads(ConsistentRead consistentRead) {
        this.consistentRead = consistentRead;
    }

    @Override
    public List<RailHealth> rails(String cell) {
        return consistentRead.read(connection -> rails(connection, cell));
    }

    static List<RailHealth> rails(Connection connection, String cell) throws SQLException {
        return Rows.list(connection, """
                SELECT rp.rail, min(rp.device) AS device, count(*) AS ports,
                       count(*) FILTER (WHERE s.health = 'DOWN') AS down,
                       count(*) FILTER (WHERE s.health = 'DEGRADED') AS degraded,
                       avg(s.rx_bytes_per_second) AS rx, avg(s.tx_bytes_per_second) AS tx, avg(s.rate_gbps) AS rate
                  FROM rail_port rp JOIN cell c ON c.id = rp.cell_id
                  LEFT JOIN rail_port_state s ON s.rail_port_id = rp.id
                 WHERE c.name = ?
                 GROUP BY rp.rail ORDER BY rp.rail""",
                rs -> new RailHealth(rs.getInt("rail"), rs.getString("device"), rs.getInt("ports"), rs.getInt("down"),
                        rs.getInt("degraded"), Rows.nullableDouble(rs, "rx"), Rows.nullableDouble(rs, "tx"),
                        Rows.nullableDouble(rs, "rate")), cell);
    }

    /** A rail's ports that are not OK first, then the rest by node, at most {@code limit}. */
    @Override
    public List<PortState> railPorts(String cell, int rail, int limit) {
        return consistentRead.read(connection -> Rows.list(connection, "SELECT " + PORT_COLUMNS + """
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
            List<Object[]> found = Rows.list(connection, """
                    SELECT n.id, n.pool, n.pod_cidrs, n.max_pods FROM node n JOIN cell c ON c.id = n.cell_id
                     WHERE c.name = ? AND n.name = ?""",
                    rs -> new Object[] {rs.getInt(1), rs.getString(2), List.of((String[]) rs.getArray(3).getArray()),
                            rs.getObject(4, Integer.class)}, cell, node);
            if (found.isEmpty()) {
                return Optional.empty();
            }
            int nodeId = (Integer) found.get(0)[0];
            List<NeighborState> neighbors = Rows.list(connection, """
                    SELECT ? AS node, entries, gc_thresh1, gc_thresh2, gc_thresh3, pressure, health, reason, entries_by_device
                      FROM node_neighbor WHERE node_id = ?""",
                    rs -> new NeighborState(rs.getString("node"), rs.getInt("entries"), rs.getInt("gc_thresh1"), rs.getInt("gc_thresh2"),
                            rs.getInt("gc_thresh3"), rs.getDouble("pressure"), rs.getString("health"), rs.getString("reason"),
                            Rows.integers(rs, "entries_by_device")), node, nodeId);
            List<PortState> ports = Rows.list(connection, "SELECT " + PORT_COLUMNS + """
                      FROM rail_port rp JOIN node n ON n.id = rp.node_id LEFT JOIN rail_port_state s ON s.rail_port_id = rp.id
                     WHERE rp.node_id = ? ORDER BY rp.rail""", SqlRailReads::port, nodeId);
            Map<Integer, List<PortSample>> history = new TreeMap<>();
            for (Object[] row : Rows.list(connection, """
                    SELECT rp.rail, x.ts, x.rx_bytes_per_second, x.tx_bytes_per_second, x.health, x.errors_per_second, x.symbol_errors_per_hour
                      FROM rail_port_sample x JOIN rail_port rp ON rp.id = x.rail_port_id
                     WHERE rp.node_id = ? AND x.ts > ? ORDER BY rp.rail, x.ts""",
                    rs -> new Object[] {rs.getInt(1), new PortSample(rs.getTimestamp(2).toInstant(), Rows.nullableDouble(rs, "rx_bytes_per_second"),
                            Rows.nullableDouble(rs, "tx_bytes_per_second"), rs.getInt(5), Rows.nullableDouble(rs, "errors_per_second"),
                            Rows.nullableDouble(rs, "symbol_errors_per_hour"))}, nodeId, Timestamp.from(Instant.now().minus(historyWindow)))) {
                history.computeIfAbsent((Integer) row[0], rail -> new ArrayList<>()).add((PortSample) row[1]);
            }
            List<NeighborSample> neighborHistory = Rows.list(connection, """
                    SELECT ts, entries FROM neighbor_sample WHERE node_id = ? AND ts > ? ORDER BY ts""",
                    rs -> new NeighborSample(rs.getTimestamp(1).toInstant(), rs.getInt(2)), nodeId,
                    Timestamp.from(Instant.now().minus(historyWindow)));
            @SuppressWarnings("unchecked")
            List<String> cidrs = (List<String>) found.get(0)[2];
            return Optional.of(new NodeDetail(cell, node, (String) found.get(0)[1], cidrs, (Integer) found.get(0)[3],
                    neighbors.isEmpty() ? null : neighbors.get(0), ports, history, neighborHistory));
        });
    }

    /** How many nodes the cell has: the heatmap lays them out in name order. */
    @Override
    public int nodeCount(String cell) {
        return consistentRead.read(connection -> Rows.list(connection,
                "SELECT count(*) FROM node n JOIN cell c ON c.id = n.cell_id WHERE c.name = ?", rs -> rs.getInt(1), cell).get(0));
    }

    /** The node at {@code index} in name order, as the heatmap places it. */
    @Override
    public Optional<String> nodeAt(String cell, int index) {
        return consistentRead.read(connection -> Rows.list(connection,
                "SELECT n.name FROM node n JOIN cell c ON c.id = n.cell_id WHERE c.name = ? ORDER BY n.name OFFSET ? LIMIT 1",
                rs -> rs.getString(1), cell, index).stream().findFirst());
    }

    @Override
    public HeatmapCells heatmap(String cell, int rails) {
        return consistentRead.read(connection -> {
            List<String> nodes = Rows.list(connection, """
                    SELECT n.name FROM node n JOIN cell c ON c.id = n.cell_id WHERE c.name = ? ORDER BY n.name""",
                    rs -> rs.getString(1), cell);
            Map<String, Integer> index = new HashMap<>(nodes.size() * 2);
            for (int i = 0; i < nodes.size(); i++) {
                index.put(nodes.get(i), i);
            }
            byte[] codes = new byte[nodes.size() * rails];
            Arrays.fill(codes, HeatmapCells.NO_DATA);
            Rows.list(connection, """
                    SELECT n.name, rp.rail, s.health FROM rail_port rp
                      JOIN cell c ON c.id = rp.cell_id JOIN node n ON n.id = rp.node_id
                      JOIN rail_port_state s ON s.rail_port_id = rp.id
                     WHERE c.name = ?""", rs -> {
                        Integer node = index.get(rs.getString(1));
                        int rail = rs.getInt(2);
                        if (node != null && rail >= 1 && rail <= rails) {
                            codes[node * rails + rail - 1] = switch (rs.getString(3)) {
                                case "OK" -> HeatmapCells.OK;
                                case "DEGRADED" -> HeatmapCells.DEGRADED;
                                default -> HeatmapCells.DOWN;
                            };
                        }
                        return null;
                    }, cell);
            return new HeatmapCells(nodes, rails, codes);
        });
    }

    private static PortState port(ResultSet rs) throws SQLException {
        return new PortState(rs.getString("node"), rs.getInt("rail"), rs.getString("device"), rs.getInt("port"), rs.getInt("state"),
                rs.getInt("phys_state"), rs.getDouble("rate_gbps"), Rows.nullableDouble(rs, "rx_bytes_per_second"),
                Rows.nullableDouble(rs, "tx_bytes_per_second"), Rows.nullableDouble(rs, "symbol_errors_per_hour"),
                Rows.nullableDouble(rs, "errors_per_second"), rs.getInt("link_downed_increase"), Rows.nullableDouble(rs, "congestion_ratio"),
                rs.getString("health") == null ? "UNKNOWN" : rs.getString("health"), rs.getString("reason"),
                Rows.nullableDouble(rs, "cnp_per_second"), Rows.nullableDouble(rs, "ecn_marked_per_second"));
    }
}
