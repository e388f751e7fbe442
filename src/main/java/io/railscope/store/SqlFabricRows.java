package io.railscope.store;

import io.railscope.fabric.BlameKind;
import io.railscope.fabric.FabricBlame;
import io.railscope.fabric.Miswiring;
import io.railscope.fabric.PortSymptom;
import io.railscope.model.PortHealth;
import io.railscope.read.CellFabric;
import io.railscope.read.FabricCounts;
import io.railscope.read.FabricTier;
import io.railscope.read.SwitchDetail;
import io.railscope.source.CableSource;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/** A cell's cables and blames as its last collection stored them. */
final class SqlFabricRows {

    private SqlFabricRows() {}

    /** The switch and the host ports below it, through every tier down to the leaves; empty when none is known. */
    static Optional<SwitchDetail> fabricSwitch(Connection connection, String cell, String name) throws SQLException {
        List<SwitchDetail.Port> ports = Rows.list(
                connection,
                """
                WITH RECURSIVE c AS (SELECT id FROM cell WHERE name = ?),
                below(name) AS (
                    SELECT CAST(? AS text)
                    UNION
                    SELECT u.lower FROM switch_uplink u JOIN below b ON u.upper = b.name WHERE u.cell_id = (SELECT id FROM c))
                SELECT n.name AS node, rp.rail, rp.device, k.switch_name, k.switch_port, k.chassis_id, k.source,
                       s.health, s.reason
                  FROM rail_port_cable k
                  JOIN rail_port rp ON rp.id = k.rail_port_id
                  JOIN node n ON n.id = rp.node_id
                  LEFT JOIN rail_port_state s ON s.rail_port_id = rp.id
                 WHERE k.cell_id = (SELECT id FROM c) AND k.switch_name IN (SELECT name FROM below)
                 ORDER BY k.switch_name, n.name, rp.rail""",
                row -> new SwitchDetail.Port(
                        row.text("node"),
                        row.integer("rail"),
                        row.text("device"),
                        row.text("switch_name"),
                        row.text("switch_port"),
                        row.text("chassis_id"),
                        CableSource.of(row.text("source")),
                        row.text("health") == null ? PortHealth.OK : PortHealth.valueOf(row.text("health")),
                        row.text("reason")),
                cell,
                name);
        if (ports.isEmpty()) {
            return Optional.empty();
        }
        List<String[]> links = Rows.list(
                connection,
                """
                SELECT lower, tier, upper FROM switch_uplink
                 WHERE cell_id = (SELECT id FROM cell WHERE name = ?) AND (lower = ? OR upper = ?)
                 ORDER BY lower, upper""",
                row -> new String[] {row.text("lower"), Integer.toString(row.integer("tier")), row.text("upper")},
                cell,
                name,
                name);
        List<String> above = new ArrayList<>();
        List<String> below = new ArrayList<>();
        int tier = ports.stream().allMatch(port -> port.leaf().equals(name)) ? 0 : -1;
        for (String[] link : links) {
            if (link[0].equals(name)) {
                above.add(link[2]);
                tier = Integer.parseInt(link[1]);
            } else {
                below.add(link[0]);
                tier = Integer.parseInt(link[1]) + 1;
            }
        }
        List<String> switches = new ArrayList<>(above);
        switches.add(name);
        List<CellFabric.Blamed> blames = Rows.list(
                connection,
                """
                SELECT b.kind, b.component, b.rail, b.symptom, b.nodes, b.rails::text[] AS rails, b.evidence, b.since
                  FROM fabric_blame b JOIN cell c ON c.id = b.cell_id
                 WHERE c.name = ? AND b.kind IN ('leaf', 'spine') AND b.component = ANY (?)
                 ORDER BY b.ports DESC, b.component""",
                row -> new CellFabric.Blamed(blame(row), row.instant("since")),
                cell,
                connection.createArrayOf("text", switches.toArray()));
        return Optional.of(new SwitchDetail(cell, name, tier, above, below, ports, blames));
    }

    /** The leaves and rails blamed at the cell's last collection, those that explain most first, at most {@code limit}. */
    static List<FabricBlame> switchBlames(Connection connection, int cellId, int limit) throws SQLException {
        return Rows.list(connection, """
                SELECT kind, component, rail, symptom, nodes, rails::text[] AS rails, evidence
                  FROM fabric_blame
                 WHERE cell_id = ? AND kind IN ('leaf', 'spine', 'rail')
                 ORDER BY ports DESC, component
                 LIMIT ?""", SqlFabricRows::blame, cellId, limit);
    }

    private static FabricBlame blame(Row row) throws SQLException {
        return new FabricBlame(
                BlameKind.of(row.text("kind")),
                row.text("component"),
                row.integer("rail"),
                PortSymptom.of(row.text("symptom")),
                explained(row.strings("nodes"), row.strings("rails")),
                row.text("evidence"));
    }

    /** The ports a blame explains, from its parallel arrays of nodes and rails. */
    private static List<FabricBlame.RailPortRef> explained(List<String> nodes, List<String> rails) {
        List<FabricBlame.RailPortRef> explained = new ArrayList<>(nodes.size());
        for (int i = 0; i < nodes.size() && i < rails.size(); i++) {
            explained.add(new FabricBlame.RailPortRef(nodes.get(i), Integer.parseInt(rails.get(i))));
        }
        return explained;
    }

    static CellFabric fabric(Connection connection, String cell) throws SQLException {
        List<int[]> counts =
                Rows.list(connection, """
                SELECT count(DISTINCT k.switch_name) AS switches, count(*) AS ports
                  FROM rail_port_cable k JOIN cell c ON c.id = k.cell_id
                 WHERE c.name = ?""", row -> new int[] {row.integer("switches"), row.integer("ports")}, cell);
        List<CellFabric.Blamed> blames =
                Rows.list(connection, """
                SELECT b.kind, b.component, b.rail, b.symptom, b.nodes, b.rails::text[] AS rails, b.evidence, b.since
                  FROM fabric_blame b JOIN cell c ON c.id = b.cell_id
                 WHERE c.name = ?
                 ORDER BY b.kind = 'link', b.kind = 'node', b.ports DESC, b.component""", row -> new CellFabric.Blamed(blame(row), row.instant("since")), cell);
        return new CellFabric(
                counts.get(0)[0], counts.get(0)[1], tiers(connection, cell), blames, miswired(connection, cell));
    }

    /**
     * The cell's switches tier by tier, each with the host ports below it (a leaf's own, a spine's through its leaves, a
     * core's through its spines) and how many of them are not OK.
     */
    static List<FabricTier> tiers(Connection connection, String cell) throws SQLException {
        Map<Integer, List<FabricTier.SwitchHealth>> byTier = new TreeMap<>();
        Rows.list(
                connection,
                """
                WITH c AS (SELECT id FROM cell WHERE name = ?),
                leaf AS (
                    SELECT k.switch_name AS name, count(*) AS ports,
                           count(*) FILTER (WHERE s.health IS NOT NULL AND s.health <> 'OK') AS unhealthy
                      FROM rail_port_cable k LEFT JOIN rail_port_state s ON s.rail_port_id = k.rail_port_id
                     WHERE k.cell_id = (SELECT id FROM c)
                     GROUP BY k.switch_name),
                up AS (SELECT lower, upper, tier FROM switch_uplink WHERE cell_id = (SELECT id FROM c))
                SELECT 0 AS tier, name, ports, unhealthy FROM leaf
                UNION ALL
                SELECT 1, u.upper, sum(l.ports), sum(l.unhealthy)
                  FROM up u JOIN leaf l ON l.name = u.lower
                 WHERE u.tier = 0
                 GROUP BY u.upper
                UNION ALL
                SELECT 2, u2.upper, sum(l.ports), sum(l.unhealthy)
                  FROM up u2 JOIN up u1 ON u1.upper = u2.lower AND u1.tier = 0 JOIN leaf l ON l.name = u1.lower
                 WHERE u2.tier = 1
                 GROUP BY u2.upper""",
                row -> byTier.computeIfAbsent(row.integer("tier"), tier -> new ArrayList<>())
                        .add(new FabricTier.SwitchHealth(
                                row.text("name"), row.integer("ports"), row.integer("unhealthy"))),
                cell);
        List<FabricTier> tiers = new ArrayList<>();
        byTier.forEach((tier, switches) -> {
            List<FabricTier.SwitchHealth> unhealthy = switches.stream()
                    .filter(health -> health.unhealthy() > 0)
                    .sorted(Comparator.comparing(FabricTier.SwitchHealth::unhealthy, Comparator.reverseOrder())
                            .thenComparing(FabricTier.SwitchHealth::name))
                    .toList();
            tiers.add(new FabricTier(
                    tier,
                    switches.size(),
                    unhealthy.size(),
                    unhealthy.subList(0, Math.min(FabricTier.WORST, unhealthy.size()))));
        });
        return tiers;
    }

    static FabricCounts counts(Connection connection, String cell) throws SQLException {
        Map<BlameKind, Integer> components = new EnumMap<>(BlameKind.class);
        Map<BlameKind, Integer> ports = new EnumMap<>(BlameKind.class);
        Rows.list(
                connection,
                """
                SELECT b.kind, count(*) AS components, sum(b.ports) AS ports
                  FROM fabric_blame b JOIN cell c ON c.id = b.cell_id
                 WHERE c.name = ?
                 GROUP BY b.kind""",
                row -> {
                    BlameKind kind = BlameKind.of(row.text("kind"));
                    components.put(kind, row.integer("components"));
                    ports.put(kind, row.integer("ports"));
                    return null;
                },
                cell);
        int miswired =
                Rows.list(connection, """
                        SELECT count(*) AS miswired
                          FROM rail_miswiring m JOIN cell c ON c.id = m.cell_id
                         WHERE c.name = ?""", row -> row.integer("miswired"), cell).get(0);
        return new FabricCounts(components, ports, miswired);
    }

    /** The cell's miswired rail ports, by node and rail. */
    static List<CellFabric.MiswiredPort> miswired(Connection connection, String cell) throws SQLException {
        return Rows.list(
                connection,
                """
                SELECT m.node, m.rail, m.device, m.actual_switch, m.actual_switch_rail, m.expected_switch, m.since
                  FROM rail_miswiring m JOIN cell c ON c.id = m.cell_id
                 WHERE c.name = ?
                 ORDER BY m.node, m.rail""",
                row -> new CellFabric.MiswiredPort(
                        new Miswiring.Miswired(
                                row.text("node"),
                                row.integer("rail"),
                                row.text("device"),
                                row.text("actual_switch"),
                                row.integer("actual_switch_rail"),
                                row.text("expected_switch")),
                        row.instant("since")),
                cell);
    }
}
