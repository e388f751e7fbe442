package io.railscope.store;

import static io.railscope.store.Queries.unchecked;

import io.railscope.assess.PoolForecast;
import io.railscope.model.AllocationFailureKind;
import io.railscope.model.Health;
import io.railscope.model.Plane;
import io.railscope.model.PoolKind;
import io.railscope.read.IpamFindings;
import io.railscope.read.IpamRows;
import io.railscope.read.NodeBlockRow;
import io.railscope.read.RightSizing;
import io.railscope.source.AllocationFailure;
import io.railscope.source.FamilyUsage;
import io.railscope.source.PoolUsage;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** A cell's IPAM rows, read on one connection: pools with the sums of their recent usage, blocks, findings, history. */
final class SqlIpamRows implements IpamRows {

    private final Connection connection;

    SqlIpamRows(Connection connection) {
        this.connection = connection;
    }

    @Override
    public boolean cellKnown(String cell) {
        return unchecked(() -> Rows.first(connection, "SELECT 1 FROM cell WHERE name = ?", row -> 1, cell)
                .isPresent());
    }

    @Override
    public List<UsageSample> history(String cell, Plane plane, String pool, Instant since) {
        return unchecked(() -> Rows.list(
                connection,
                """
                SELECT s.ts, s.capacity, s.allocated, s.blocks_total, s.blocks_used
                  FROM pool_usage_sample s
                  JOIN ip_pool p ON p.id = s.pool_id
                  JOIN cell c ON c.id = p.cell_id
                 WHERE c.name = ? AND p.plane = ? AND p.name = ? AND s.ts > ?
                 ORDER BY s.ts""",
                row -> new UsageSample(
                        row.instant("ts"),
                        row.number("capacity"),
                        row.number("allocated"),
                        row.number("blocks_total"),
                        row.number("blocks_used")),
                cell,
                plane,
                pool,
                since));
    }

    @Override
    public List<StoredPool> pools(String cell, Instant windowStart) {
        return unchecked(() -> pools(connection, cell, windowStart));
    }

    private static List<StoredPool> pools(Connection connection, String cell, Instant origin) throws SQLException {
        Map<Integer, PoolForecast.Sums> sums = new HashMap<>();
        // used is counted as PoolSample.of counts it: blocks when the pool has any, addresses otherwise
        Rows.list(
                connection,
                """
                SELECT x.pool_id, count(*) AS n, min(x.day) AS first_day, max(x.day) AS last_day, sum(x.day) AS sx,
                       sum(x.used) AS sy, sum(x.day * x.day) AS sxx, sum(x.day * x.used) AS sxy
                  FROM (SELECT s.pool_id, extract(epoch FROM s.ts - ?::timestamptz) / 86400.0 AS day,
                               CASE WHEN s.blocks_total > 0 THEN s.blocks_used ELSE s.allocated END AS used
                          FROM pool_usage_sample s
                          JOIN ip_pool p ON p.id = s.pool_id
                          JOIN cell c ON c.id = p.cell_id
                         WHERE s.ts > ? AND (?::text IS NULL OR c.name = ?)) x
                 GROUP BY x.pool_id""",
                row -> sums.put(
                        row.integer("pool_id"),
                        new PoolForecast.Sums(
                                row.number("n"),
                                row.decimal("first_day"),
                                row.decimal("last_day"),
                                row.decimal("sx"),
                                row.decimal("sy"),
                                row.decimal("sxx"),
                                row.decimal("sxy"))),
                origin,
                origin,
                cell,
                cell);
        return Rows.list(
                connection,
                """
                SELECT p.id, c.name AS cell, p.name, p.plane, p.rail, p.kind, p.cidrs, p.block_prefix, p.capacity, p.allocated,
                       p.blocks_total, p.blocks_used, p.leaked, p.allocation_failures, p.health, p.reason,
                       p.size_unknown, p.families
                  FROM ip_pool p
                  JOIN cell c ON c.id = p.cell_id
                 WHERE ?::text IS NULL OR c.name = ?
                 ORDER BY c.name, CASE p.plane WHEN 'PRIMARY' THEN 0 WHEN 'BACKEND' THEN 1 ELSE 2 END, p.rail NULLS LAST, p.name""",
                row -> new StoredPool(
                        row.text("cell"),
                        usage(row),
                        row.constant(Health.class, "health"),
                        row.text("reason"),
                        sums.get(row.integer("id"))),
                cell,
                cell);
    }

    private static PoolUsage usage(Row row) throws SQLException {
        return new PoolUsage(
                row.text("name"),
                row.constant(Plane.class, "plane"),
                row.nullableInteger("rail"),
                PoolKind.fromLabel(row.text("kind")),
                row.strings("cidrs"),
                row.nullableInteger("block_prefix"),
                row.number("capacity"),
                row.number("allocated"),
                row.number("blocks_total"),
                row.number("blocks_used"),
                row.number("leaked"),
                row.number("allocation_failures"),
                row.text("size_unknown"),
                row.strings("families").stream().map(FamilyUsage::decode).toList());
    }

    @Override
    public List<NodeBlockRow> primaryBlocks(String cell, Integer limit) {
        return unchecked(() -> Rows.list(
                connection,
                """
                SELECT n.name AS node, p.name AS pool, b.cidr, b.capacity, b.used, n.max_pods
                  FROM node_block b
                  JOIN node n ON n.id = b.node_id
                  JOIN cell c ON c.id = n.cell_id
                  JOIN ip_pool p ON p.id = b.pool_id
                 WHERE c.name = ? AND p.plane = 'PRIMARY'
                 ORDER BY b.used::float / GREATEST(b.capacity, 1) DESC, n.name
                 LIMIT ?""",
                row -> new NodeBlockRow(
                        row.text("node"),
                        row.text("pool"),
                        row.text("cidr"),
                        row.integer("capacity"),
                        row.integer("used"),
                        row.nullableInteger("max_pods")),
                cell,
                limit == null ? Integer.MAX_VALUE : limit));
    }

    @Override
    public RightSizing rightSizing(String cell) {
        return unchecked(() -> Rows.list(
                        connection,
                        """
                SELECT count(*) AS blocks, COALESCE(sum(b.capacity), 0) AS addresses,
                       COALESCE(sum(LEAST(COALESCE(n.max_pods, b.capacity), b.capacity)), 0) AS max_pods,
                       COALESCE(sum(b.used), 0) AS running, COALESCE(max(n.max_pods), 0) AS largest,
                       COALESCE(max(split_part(b.cidr, '/', 2)::int), 0) AS prefix
                  FROM node_block b
                  JOIN node n ON n.id = b.node_id
                  JOIN cell c ON c.id = n.cell_id
                  JOIN ip_pool p ON p.id = b.pool_id
                 WHERE c.name = ? AND p.plane = 'PRIMARY'""",
                        row -> new RightSizing(
                                row.number("blocks"),
                                row.number("addresses"),
                                row.number("max_pods"),
                                row.number("running"),
                                row.integer("largest"),
                                row.integer("prefix")),
                        cell)
                .get(0));
    }

    @Override
    public IpamFindings findings(String cell) {
        return unchecked(() -> findings(connection, cell));
    }

    private static IpamFindings findings(Connection connection, String cell) throws SQLException {
        String ofCell = " JOIN cell c ON c.id = t.cell_id WHERE c.name = ?";
        return new IpamFindings(
                Rows.list(
                        connection,
                        "SELECT t.* FROM ipam_leak t" + ofCell + " ORDER BY t.pool, t.address",
                        row -> new IpamFindings.Leak(row.text("pool"), row.text("address"), row.text("podref")),
                        cell),
                Rows.list(
                        connection,
                        "SELECT t.* FROM allocation_failure t" + ofCell + " ORDER BY t.last_seen DESC NULLS LAST",
                        row -> new AllocationFailure(
                                row.text("reason"),
                                row.text("object"),
                                row.text("node"),
                                row.text("pool"),
                                row.text("message"),
                                row.integer("count"),
                                row.instant("last_seen"),
                                row.constant(AllocationFailureKind.class, "kind")),
                        cell),
                Rows.list(
                        connection,
                        "SELECT t.* FROM stuck_pod t" + ofCell + " ORDER BY t.since",
                        row -> new IpamFindings.Stuck(
                                row.text("namespace"), row.text("name"), row.text("node"), row.instant("since")),
                        cell),
                Rows.list(
                        connection,
                        "SELECT t.* FROM rail_asymmetry t" + ofCell + " ORDER BY t.node",
                        row -> new IpamFindings.Asymmetry(row.text("node"), row.text("offsets")),
                        cell),
                Rows.list(
                        connection,
                        "SELECT t.* FROM waiting_node t" + ofCell + " ORDER BY t.pool, t.node",
                        row -> new IpamFindings.Waiting(row.text("node"), row.text("pool"), row.text("reason")),
                        cell),
                Rows.list(
                        connection,
                        "SELECT t.problem FROM source_problem t" + ofCell + " ORDER BY t.problem",
                        row -> row.text("problem"),
                        cell));
    }
}
