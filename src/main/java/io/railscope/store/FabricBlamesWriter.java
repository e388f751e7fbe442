package io.railscope.store;

import static io.railscope.store.SqlStatements.update;

import io.railscope.fabric.FabricBlame;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Writes what a cell's unhealthy ports are blamed on at this collection; a blame that held at the last one keeps the
 * time it was first made.
 */
final class FabricBlamesWriter {

    private final Connection connection;
    private final CellRow cell;
    private final CommitReport report;

    FabricBlamesWriter(Connection connection, CellRow cell, CommitReport report) {
        this.connection = connection;
        this.cell = cell;
        this.report = report;
    }

    void write(List<FabricBlame> blames) throws SQLException {
        Map<String, Timestamp> since = new HashMap<>();
        Rows.list(
                        connection,
                        "SELECT kind, component, symptom, since FROM fabric_blame WHERE cell_id = ?",
                        row -> Map.entry(
                                key(row.text("kind"), row.text("component"), row.text("symptom")),
                                Timestamp.from(row.instant("since"))),
                        cell.id())
                .forEach(entry -> since.put(entry.getKey(), entry.getValue()));
        report.add("fabric_blame", update(connection, "DELETE FROM fabric_blame WHERE cell_id = ?", cell.id()));
        try (PreparedStatement insert = connection.prepareStatement("""
                INSERT INTO fabric_blame (cell_id, kind, component, symptom, rail, ports, nodes, rails, evidence, since)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT DO NOTHING""")) {
            for (FabricBlame blame : blames) {
                String key = key(
                        blame.kind().label(), blame.component(), blame.symptom().label());
                insert.setInt(1, cell.id());
                insert.setString(2, blame.kind().label());
                insert.setString(3, blame.component());
                insert.setString(4, blame.symptom().label());
                insert.setInt(5, blame.rail());
                insert.setInt(6, blame.ports());
                insert.setArray(
                        7,
                        connection.createArrayOf(
                                "text",
                                blame.explained().stream()
                                        .map(FabricBlame.RailPortRef::node)
                                        .toArray()));
                insert.setArray(
                        8,
                        connection.createArrayOf(
                                "smallint",
                                blame.explained().stream()
                                        .map(FabricBlame.RailPortRef::rail)
                                        .toArray()));
                insert.setString(9, blame.evidence());
                insert.setTimestamp(10, since.getOrDefault(key, cell.timestamp()));
                insert.addBatch();
            }
            insert.executeBatch();
        }
        report.add("fabric_blame", blames.size());
    }

    private static String key(String kind, String component, String symptom) {
        return kind + '\u0000' + component + '\u0000' + symptom;
    }
}
