package io.railscope.store;

import static io.railscope.store.SqlStatements.execute;
import static io.railscope.store.SqlStatements.update;

import io.railscope.fabric.RailCable;
import java.io.IOException;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.Objects;

/**
 * Writes the cables of a cell's rail ports. Like the ports' attributes they rarely change: while the fingerprint kept on
 * the cell holds (and the set of ports does) nothing is written; otherwise only the rows that changed are.
 */
final class RailCablesWriter {

    private final Connection connection;
    private final CellRow cell;
    private final CommitReport report;

    RailCablesWriter(Connection connection, CellRow cell, CommitReport report) {
        this.connection = connection;
        this.cell = cell;
        this.report = report;
    }

    /** @param portsRewritten whether the cell's ports were merged anew at this commit (new ports have no row yet) */
    void write(List<RailCable> cables, boolean portsRewritten) throws SQLException, IOException {
        long fingerprint = SetFingerprint.of(
                cables,
                cable -> ((long) cable.node().hashCode() * 31 + cable.rail()) * 31
                        + Objects.hash(cable.switchName(), cable.switchPort(), cable.chassisId(), cable.source()));
        if (!portsRewritten && SetFingerprint.CABLES.holds(connection, cell, fingerprint)) {
            return;
        }
        execute(connection, """
                CREATE TEMP TABLE tmp_cable (
                    node text, rail smallint, switch_name text, switch_port text, chassis_id text, source text)
                    ON COMMIT DROP""");
        try (CopyStream copy = new CopyStream(
                connection,
                "COPY tmp_cable FROM STDIN",
                "rail_port_cable",
                line -> "node " + cables.get(line - 1).node() + " rail "
                        + cables.get(line - 1).rail())) {
            for (RailCable cable : cables) {
                copy.text(cable.node())
                        .number(cable.rail())
                        .text(cable.switchName())
                        .text(cable.switchPort())
                        .text(cable.chassisId())
                        .text(cable.source().label());
                copy.endRow();
            }
        }
        execute(connection, "ANALYZE tmp_cable");
        report.add("rail_port_cable", update(connection, """
                INSERT INTO rail_port_cable (rail_port_id, cell_id, switch_name, switch_port, chassis_id, source)
                SELECT DISTINCT ON (rp.id) rp.id, rp.cell_id, t.switch_name, t.switch_port, t.chassis_id, t.source
                  FROM tmp_cable t
                  JOIN node n ON n.cell_id = ? AND n.name = t.node
                  JOIN rail_port rp ON rp.node_id = n.id AND rp.rail = t.rail
                 ORDER BY rp.id
                ON CONFLICT (rail_port_id) DO UPDATE
                   SET switch_name = EXCLUDED.switch_name, switch_port = EXCLUDED.switch_port,
                       chassis_id = EXCLUDED.chassis_id, source = EXCLUDED.source
                 WHERE (rail_port_cable.switch_name, rail_port_cable.switch_port, rail_port_cable.chassis_id,
                        rail_port_cable.source)
                       IS DISTINCT FROM (EXCLUDED.switch_name, EXCLUDED.switch_port, EXCLUDED.chassis_id,
                        EXCLUDED.source)""", cell.id()));
        report.add("rail_port_cable", update(connection, """
                DELETE FROM rail_port_cable c
                 USING rail_port rp JOIN node n ON n.id = rp.node_id
                 WHERE c.cell_id = ? AND rp.id = c.rail_port_id
                   AND NOT EXISTS (SELECT 1 FROM tmp_cable t WHERE t.node = n.name AND t.rail = rp.rail)""", cell.id()));
        SetFingerprint.CABLES.keep(connection, cell, fingerprint);
    }
}
