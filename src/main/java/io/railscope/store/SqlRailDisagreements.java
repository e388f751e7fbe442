package io.railscope.store;

import com.fasterxml.jackson.core.type.TypeReference;
import io.railscope.assess.AttributeSpread;
import io.railscope.assess.RailsDisagreement;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;

/** Reads the nodes whose rails disagree, as the collection found them. */
final class SqlRailDisagreements {

    private static final TypeReference<List<AttributeSpread>> SPREADS = new TypeReference<>() {};

    private SqlRailDisagreements() {}

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
}
