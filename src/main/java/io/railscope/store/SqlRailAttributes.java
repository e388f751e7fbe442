package io.railscope.store;

import io.railscope.assess.AttributeSpread;
import io.railscope.assess.Homogeneity;
import io.railscope.assess.RailAttribute;
import io.railscope.assess.RailsDisagreement;
import io.railscope.read.RailHomogeneity;
import io.railscope.source.PortAttributes;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads rail port attributes (with each port's state and rate) and compares them: a node's rails, a rail's nodes, and
 * the nodes of a cell whose rails disagree, found in SQL (a column whose smallest and largest known values differ) so
 * that only those nodes' rows travel.
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

    private SqlRailAttributes() {}

    /** The nodes of a cell whose rails disagree, by name, at most {@code limit}. */
    static List<RailsDisagreement> disagreeingNodes(Connection connection, String cell, int limit) throws SQLException {
        List<Port> ports = Rows.list(connection, PORTS + """
                 WHERE rp.node_id IN (
                       SELECT p.node_id FROM rail_port p
                         LEFT JOIN rail_port_state s ON s.rail_port_id = p.id
                         LEFT JOIN rail_port_attributes a ON a.rail_port_id = p.id
                        WHERE p.cell_id = (SELECT id FROM cell WHERE name = ?)
                        GROUP BY p.node_id
                       HAVING min(a.firmware) <> max(a.firmware) OR min(a.board_id) <> max(a.board_id)
                           OR min(a.link_layer) <> max(a.link_layer) OR min(a.mtu) <> max(a.mtu)
                           OR min(a.pcie_width) <> max(a.pcie_width) OR min(a.pcie_speed) <> max(a.pcie_speed)
                           OR min(round(s.rate_gbps)) FILTER (WHERE s.state = 4) <> max(round(s.rate_gbps)) FILTER (WHERE s.state = 4)
                        ORDER BY p.node_id LIMIT ?)
                 ORDER BY n.name, rp.rail""", SqlRailAttributes::port, cell, limit);
        Map<String, List<Homogeneity.Member>> byNode = new LinkedHashMap<>();
        for (Port port : ports) {
            byNode.computeIfAbsent(port.node(), node -> new ArrayList<>())
                    .add(new Homogeneity.Member("rail " + port.rail(), port.values()));
        }
        List<RailsDisagreement> nodes = new ArrayList<>();
        for (Map.Entry<String, List<Homogeneity.Member>> node : byNode.entrySet()) {
            List<AttributeSpread> disagreements = Homogeneity.disagreements(node.getValue());
            if (!disagreements.isEmpty() && nodes.size() < limit) {
                nodes.add(new RailsDisagreement(node.getKey(), disagreements));
            }
        }
        return nodes;
    }

    /** What a node's rails disagree on; empty when they agree or report nothing. */
    static List<AttributeSpread> node(Connection connection, int nodeId) throws SQLException {
        List<Homogeneity.Member> rails = new ArrayList<>();
        for (Port port : Rows.list(
                connection, PORTS + " WHERE rp.node_id = ? ORDER BY rp.rail", SqlRailAttributes::port, nodeId)) {
            rails.add(new Homogeneity.Member("rail " + port.rail(), port.values()));
        }
        return Homogeneity.disagreements(rails);
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
