package io.railscope.store;

import static io.railscope.store.SqlStatements.update;

import io.railscope.assess.RailsDisagreement;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.List;

/**
 * Writes the nodes of a cell whose rails disagree, a row each, rewritten only where what they disagree on changed: most
 * cells have none, and then this is one indexed delete that finds nothing.
 */
final class RailDisagreementsWriter {

    private final Connection connection;
    private final CellRow cell;
    private final CommitReport report;

    RailDisagreementsWriter(Connection connection, CellRow cell, CommitReport report) {
        this.connection = connection;
        this.cell = cell;
        this.report = report;
    }

    /** Rows of nodes no longer named are deleted with {@code NOT IN (SELECT unnest(…))}, which PostgreSQL hashes. */
    void write(List<RailsDisagreement> nodes) throws SQLException {
        String[] names = nodes.stream().map(RailsDisagreement::node).toArray(String[]::new);
        report.add("rail_disagreement", update(connection, """
                DELETE FROM rail_disagreement d USING node n
                 WHERE d.cell_id = ? AND n.id = d.node_id AND n.name NOT IN (SELECT unnest(?::text[]))""", cell.id(), connection.createArrayOf("text", names)));
        if (nodes.isEmpty()) {
            return;
        }
        try (PreparedStatement upsert = connection.prepareStatement("""
                INSERT INTO rail_disagreement (node_id, cell_id, attributes)
                SELECT id, cell_id, ?::jsonb FROM node WHERE cell_id = ? AND name = ?
                ON CONFLICT (node_id) DO UPDATE SET attributes = EXCLUDED.attributes
                 WHERE rail_disagreement.attributes IS DISTINCT FROM EXCLUDED.attributes""")) {
            for (RailsDisagreement node : nodes) {
                upsert.setString(1, JsonColumns.write(node.attributes()));
                upsert.setInt(2, cell.id());
                upsert.setString(3, node.node());
                upsert.addBatch();
            }
            int written = 0;
            for (int rows : upsert.executeBatch()) {
                written += Math.max(rows, 0);
            }
            report.add("rail_disagreement", written);
        }
    }
}
