package io.railscope.store;

import static io.railscope.store.Queries.unchecked;

import io.railscope.read.RailAttributeRows;
import io.railscope.source.PortAttributes;
import java.sql.Connection;
import java.util.List;

/** A rail's ports across the cell's nodes with their state, rate and attributes, read on one connection. */
final class SqlRailAttributeRows implements RailAttributeRows {

    private final Connection connection;

    SqlRailAttributeRows(Connection connection) {
        this.connection = connection;
    }

    @Override
    public List<Port> onRail(String cell, int rail) {
        return unchecked(() -> Rows.list(
                connection,
                """
                SELECT n.name AS node, s.state, s.rate_gbps, a.firmware, a.board_id, a.link_layer, a.mtu, a.pcie_width,
                       a.pcie_speed
                  FROM rail_port rp JOIN node n ON n.id = rp.node_id
                  LEFT JOIN rail_port_state s ON s.rail_port_id = rp.id
                  LEFT JOIN rail_port_attributes a ON a.rail_port_id = rp.id
                 WHERE rp.cell_id = (SELECT id FROM cell WHERE name = ?) AND rp.rail = ? ORDER BY n.name""",
                row -> new Port(
                        row.text("node"),
                        row.nullableInteger("state"),
                        row.nullableDecimal("rate_gbps"),
                        new PortAttributes(
                                row.text("firmware"),
                                row.text("board_id"),
                                row.text("link_layer"),
                                row.nullableInteger("mtu"),
                                row.nullableInteger("pcie_width"),
                                row.nullableDecimal("pcie_speed"))),
                cell,
                rail));
    }
}
