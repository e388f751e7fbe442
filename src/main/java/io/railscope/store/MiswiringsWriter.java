package io.railscope.store;

import static io.railscope.store.SqlStatements.update;

import io.railscope.fabric.Miswiring;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.List;

/** Writes a cell's miswired rail ports; one found at the last collection too keeps the time it was first found. */
final class MiswiringsWriter {

    private final Connection connection;
    private final CellRow cell;
    private final CommitReport report;

    MiswiringsWriter(Connection connection, CellRow cell, CommitReport report) {
        this.connection = connection;
        this.cell = cell;
        this.report = report;
    }

    void write(List<Miswiring.Miswired> miswired) throws SQLException {
        try (PreparedStatement upsert = connection.prepareStatement("""
                INSERT INTO rail_miswiring (cell_id, node, rail, device, actual_switch, actual_switch_rail, expected_switch,
                    since)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT (cell_id, node, rail) DO UPDATE
                   SET device = EXCLUDED.device, actual_switch = EXCLUDED.actual_switch,
                       actual_switch_rail = EXCLUDED.actual_switch_rail, expected_switch = EXCLUDED.expected_switch""")) {
            for (Miswiring.Miswired port : miswired) {
                upsert.setInt(1, cell.id());
                upsert.setString(2, port.node());
                upsert.setInt(3, port.rail());
                upsert.setString(4, port.device());
                upsert.setString(5, port.actualSwitch());
                upsert.setInt(6, port.actualSwitchRail());
                upsert.setString(7, port.expectedSwitch());
                upsert.setTimestamp(8, cell.timestamp());
                upsert.addBatch();
            }
            upsert.executeBatch();
        }
        report.add("rail_miswiring", miswired.size());
        report.add(
                "rail_miswiring",
                update(
                        connection,
                        """
                DELETE FROM rail_miswiring m
                 WHERE m.cell_id = ?
                   AND NOT EXISTS (SELECT 1 FROM unnest(?::text[], ?::int[]) AS kept (node, rail)
                                    WHERE kept.node = m.node AND kept.rail = m.rail)""",
                        cell.id(),
                        connection.createArrayOf(
                                "text",
                                miswired.stream().map(Miswiring.Miswired::node).toArray()),
                        connection.createArrayOf(
                                "integer",
                                miswired.stream().map(Miswiring.Miswired::rail).toArray())));
    }
}
