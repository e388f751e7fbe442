package io.railscope.store;

import static io.railscope.store.SqlStatements.execute;
import static io.railscope.store.SqlStatements.update;

import io.railscope.assess.RailPortAttributes;
import io.railscope.source.PortAttributes;
import java.io.IOException;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.Objects;

/**
 * Writes the attributes of a cell's rail ports. They rarely change: a fingerprint of them all is kept on the cell, and
 * while it holds (and the set of ports does) nothing is written; otherwise only the rows that changed are.
 */
final class RailPortAttributesWriter {

    private final Connection connection;
    private final CellRow cell;
    private final CommitReport report;

    RailPortAttributesWriter(Connection connection, CellRow cell, CommitReport report) {
        this.connection = connection;
        this.cell = cell;
        this.report = report;
    }

    /** @param portsRewritten whether the cell's ports were merged anew at this commit (new ports have no row yet) */
    void write(List<RailPortAttributes> attributes, boolean portsRewritten) throws SQLException, IOException {
        long fingerprint = fingerprint(attributes);
        if (!portsRewritten && SetFingerprint.PORT_ATTRIBUTES.holds(connection, cell, fingerprint)) {
            return;
        }
        execute(connection, """
                CREATE TEMP TABLE tmp_port_attributes (node text, rail smallint, firmware text, board_id text,
                    link_layer text, mtu integer, pcie_width smallint, pcie_speed real) ON COMMIT DROP""");
        try (CopyStream copy = new CopyStream(
                connection,
                "COPY tmp_port_attributes FROM STDIN",
                "rail_port_attributes",
                line -> "node " + attributes.get(line - 1).node() + " rail "
                        + attributes.get(line - 1).rail())) {
            for (RailPortAttributes port : attributes) {
                PortAttributes a = port.attributes();
                copy.text(port.node())
                        .number(port.rail())
                        .text(a.firmware())
                        .text(a.boardId())
                        .text(a.linkLayer())
                        .nullableNumber(a.mtuBytes())
                        .nullableNumber(a.pcieWidth())
                        .decimal(a.pcieGigatransfersPerSecond() == null ? Double.NaN : a.pcieGigatransfersPerSecond());
                copy.endRow();
            }
        }
        execute(connection, "ANALYZE tmp_port_attributes");
        report.add("rail_port_attributes", update(connection, """
                INSERT INTO rail_port_attributes (rail_port_id, cell_id, firmware, board_id, link_layer, mtu, pcie_width,
                    pcie_speed)
                SELECT DISTINCT ON (rp.id) rp.id, rp.cell_id, t.firmware, t.board_id, t.link_layer, t.mtu, t.pcie_width,
                       t.pcie_speed
                  FROM tmp_port_attributes t
                  JOIN node n ON n.cell_id = ? AND n.name = t.node
                  JOIN rail_port rp ON rp.node_id = n.id AND rp.rail = t.rail
                 ORDER BY rp.id
                ON CONFLICT (rail_port_id) DO UPDATE
                   SET firmware = EXCLUDED.firmware, board_id = EXCLUDED.board_id, link_layer = EXCLUDED.link_layer,
                       mtu = EXCLUDED.mtu, pcie_width = EXCLUDED.pcie_width, pcie_speed = EXCLUDED.pcie_speed
                 WHERE (rail_port_attributes.firmware, rail_port_attributes.board_id, rail_port_attributes.link_layer,
                        rail_port_attributes.mtu, rail_port_attributes.pcie_width, rail_port_attributes.pcie_speed)
                       IS DISTINCT FROM (EXCLUDED.firmware, EXCLUDED.board_id, EXCLUDED.link_layer, EXCLUDED.mtu,
                        EXCLUDED.pcie_width, EXCLUDED.pcie_speed)""", cell.id()));
        report.add("rail_port_attributes", update(connection, """
                DELETE FROM rail_port_attributes a
                 USING rail_port rp JOIN node n ON n.id = rp.node_id
                 WHERE a.cell_id = ? AND rp.id = a.rail_port_id
                   AND NOT EXISTS (SELECT 1 FROM tmp_port_attributes t WHERE t.node = n.name AND t.rail = rp.rail)""", cell.id()));
        SetFingerprint.PORT_ATTRIBUTES.keep(connection, cell, fingerprint);
    }

    /** A hash of the set of (node, rail, attributes), independent of order. */
    private static long fingerprint(List<RailPortAttributes> attributes) {
        return SetFingerprint.of(
                attributes,
                port -> ((long) port.node().hashCode() * 31 + port.rail()) * 31 + Objects.hashCode(port.attributes()));
    }
}
