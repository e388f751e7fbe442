package io.railscope.store;

import io.railscope.fabric.BlameKind;
import io.railscope.fabric.FabricBlame;
import io.railscope.fabric.PortSymptom;
import io.railscope.read.CellFabric;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;

/** A cell's cables and blames as its last collection stored them. */
final class SqlFabricRows {

    private SqlFabricRows() {}

    static CellFabric fabric(Connection connection, String cell) throws SQLException {
        List<int[]> counts =
                Rows.list(connection, """
                SELECT count(DISTINCT k.switch_name) AS switches, count(*) AS ports
                  FROM rail_port_cable k JOIN cell c ON c.id = k.cell_id
                 WHERE c.name = ?""", row -> new int[] {row.integer("switches"), row.integer("ports")}, cell);
        List<CellFabric.Blamed> blames = Rows.list(
                connection,
                """
                SELECT b.kind, b.component, b.rail, b.symptom, b.ports, b.nodes, b.evidence, b.since
                  FROM fabric_blame b JOIN cell c ON c.id = b.cell_id
                 WHERE c.name = ?
                 ORDER BY b.kind = 'link', b.kind = 'node', b.ports DESC, b.component""",
                row -> new CellFabric.Blamed(
                        new FabricBlame(
                                BlameKind.of(row.text("kind")),
                                row.text("component"),
                                row.integer("rail"),
                                PortSymptom.of(row.text("symptom")),
                                row.integer("ports"),
                                row.strings("nodes"),
                                row.text("evidence")),
                        row.instant("since")),
                cell);
        return new CellFabric(counts.get(0)[0], counts.get(0)[1], blames);
    }
}
