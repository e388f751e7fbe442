package io.railscope.store;

import com.fasterxml.jackson.core.type.TypeReference;
import io.railscope.assess.AttributeSpread;
import io.railscope.assess.Homogeneity;
import io.railscope.assess.RailAttribute;
import io.railscope.assess.RailsDisagreement;
import io.railscope.read.RailHomogeneity;
import io.railscope.source.PortAttributes;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Reads rail homogeneity: the nodes whose rails disagree as the collection found them, and a rail across the cell's
 * nodes, compared from the stored attributes with each port's state and rate.
 */
final class SqlRailAttributes {

    private static final String PORTS = """
            SELECT n.name AS node, rp.rail, s.state, s.rate_gbps, a.firmware, a.board_id, a.link_layer, a.mtu, a.pcie_width,
                   a.pcie_speed
              FROM rail_port rp JOIN node n ON n.id = rp.node_id
              LEFT JOIN rail_port_state s ON s.rail_port_id = rp.id
              LEFT JOIN rail_port_attributes a ON a.rail_port_id = rp.id
            """;

    private record Port(String node, int rail, Map<RailAttribute, String> values) {}

    private static final TypeReference<List<AttributeSpread>> SPREADS = new TypeReference<>() {};

    private SqlRailAttributes() {}

    /** The nodes of a cell whose rails disagree at its last collection, by name, at most {@code limit}. */
    static List<RailsDisagreement> disagreeingNodes(Connection connection, String cell, int limit) throws SQLException {
        return Rows.list(
                connection,
                """
                SELECT n.name, d.attributes FROM rail_disagreement d JOIN node n ON n.id = d.node_id
                 WHERE d.cell_id = (SELECT id FROM cell WHERE name = ?) ORDER BY n.name LIMIT ?""",
                row -> new RailsDisagreement(row.text("name"), row.json("attributes", SPREADS, List.of())),
                cell,
                limit);
    }

    /** What a node's rails disagree on at its cell's last collection; empty when they agree or report nothing. */
    static List<AttributeSpread> node(Connection connection, int nodeId) throws SQLException {
        return Rows.first(
                        connection,
                        "SELECT attributes FROM rail_disagreement WHERE node_id = ?",
                        row -> row.json("attributes", SPREADS, List.<AttributeSpread>of()),
                        nodeId)
                .orElse(List.of());
    }

    /** One rail across the cell's nodes. */
    static RailHomogeneity rail(Connection connection, String cell, int rail) throws SQLException {
        List<Homogeneity.Member> nodes = new ArrayList<>();
        for (Port port : Rows.list(
                connection,
                PORTS + " WHERE rp.cell_id = (SELECT id FROM cell WHERE name = ?) AND rp.rail = ? ORDER BY n.name",
                SqlRailAttributes::port,
                cell,
                rail)) {
            nodes.add(new Homogeneity.Member(port.node(), port.values()));
        }
        return new RailHomogeneity(rail, nodes.size(), Homogeneity.of(nodes));
    }

    private static Port port(Row row) throws SQLException {
        Integer state = row.nullableInteger("state");
        Double rate = row.nullableDecimal("rate_gbps");
        PortAttributes attributes = new PortAttributes(
                row.text("firmware"),
                row.text("board_id"),
                row.text("link_layer"),
                row.nullableInteger("mtu"),
                row.nullableInteger("pcie_width"),
                row.nullableDecimal("pcie_speed"));
        return new Port(
                row.text("node"),
                row.integer("rail"),
                RailAttribute.values(state == null ? -1 : state, rate == null ? 0 : rate, attributes));
    }
}
