package io.railscope.store;

import static io.railscope.store.Queries.unchecked;

import io.railscope.assess.PortHealthSample;
import io.railscope.assess.RailPortRows;
import io.railscope.model.PortHealth;
import java.sql.Connection;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/** A cell's rail ports, their health samples and the machines of its nodes, read on one connection. */
final class SqlRailPorts implements RailPortRows {

    /** Samples store health as 0 OK, 1 DEGRADED, 2 DOWN (NodeMetricsWriter). */
    private static final PortHealth[] SAMPLED = {PortHealth.OK, PortHealth.DEGRADED, PortHealth.DOWN};

    private final Connection connection;
    private final int cellId;

    SqlRailPorts(Connection connection, int cellId) {
        this.connection = connection;
        this.cellId = cellId;
    }

    @Override
    public Optional<Port> port(String node, String device) {
        return unchecked(() -> Rows.first(
                connection,
                """
                SELECT p.id, p.rail, p.device, s.health, s.reason, k.switch_name, k.switch_port
                  FROM rail_port p JOIN node n ON n.id = p.node_id LEFT JOIN rail_port_state s ON s.rail_port_id = p.id
                  LEFT JOIN rail_port_cable k ON k.rail_port_id = p.id
                 WHERE n.cell_id = ? AND n.name = ? AND p.device = ?""",
                row -> new Port(
                        row.integer("id"),
                        row.integer("rail"),
                        row.text("device"),
                        row.text("health") == null ? null : PortHealth.valueOf(row.text("health")),
                        row.text("reason"),
                        row.text("switch_name"),
                        row.text("switch_port")),
                cellId,
                node,
                device));
    }

    @Override
    public List<PortHealthSample> samples(int portId, Instant from, Instant to) {
        return unchecked(() -> Rows.list(
                connection,
                "SELECT ts, health FROM rail_port_sample WHERE rail_port_id = ? AND ts BETWEEN ? AND ? ORDER BY ts",
                row -> sample(row.instant("ts"), row.integer("health")),
                portId,
                Timestamp.from(from),
                Timestamp.from(to)));
    }

    @Override
    public Optional<String> nodeOfMachine(String machineId) {
        // spec.providerID ends with the machine: aws:///us-west-2a/i-0123456789abcdef0
        return unchecked(() -> Rows.first(
                connection,
                "SELECT name FROM node WHERE cell_id = ? AND provider_id LIKE ? ORDER BY name",
                row -> row.text("name"),
                cellId,
                "%/" + machineId.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")));
    }

    /** A sample as stored: health 0 OK, 1 DEGRADED, 2 DOWN. */
    static PortHealthSample sample(Instant at, int health) {
        return new PortHealthSample(at, SAMPLED[Math.min(Math.max(health, 0), 2)]);
    }
}
