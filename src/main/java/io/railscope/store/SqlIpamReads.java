package io.railscope.store;

import io.railscope.read.IpamReads;
import io.railscope.read.CellIpam;
import io.railscope.read.IpamFindings;
import io.railscope.read.NodeBlockRow;
import io.railscope.read.PoolHeadroomRow;
import io.railscope.read.PoolSample;
import io.railscope.read.RightSizing;
import jakarta.enterprise.context.ApplicationScoped;
import java.sql.Array;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * IPAM reads: headroom of every pool with its forecast, a cell's node blocks, right-sizing and
 * findings, and a pool's history.
 *
 * <p>The forecast is a least-squares line through the pool's samples of the last {@link #FIT_WINDOW}
 * (used blocks for pools with per-node blocks, used addresses otherwise): days to exhaustion = free /
 * slope per day. There is none when the slope is not positive, or with fewer than three samples
 * spanning less than an hour.
 */
@ApplicationScoped
public class SqlIpamReads implements IpamReads {

    static final Duration FIT_WINDOW = Duration.ofDays(7);
    private static final int MIN_SAMPLES = 3;
    private static final long MIN_SPAN_SECONDS = 3600;

    private final ConsistentRead consistentRead;

    public SqlIpamReads(ConsistentRead consistentRead) {
        this.consistentRead = consistentRead;
    }

    /** Every pool of every cell. */
    @Override
    public List<PoolHeadroomRow> headroom() {
        return consistentRead.read(connection -> pools(connection, null));
    }

    /** A cell's IPAM; {@code blockLimit} bounds the node blocks returned, fullest first (null: all). */
    @Override
    public Optional<CellIpam> cell(String cell, Integer blockLimit) {
        return consistentRead.read(connection -> {
            if (Rows.list(connection, "SELECT 1 FROM cell WHERE name = ?", rs -> 1, cell).isEmpty()) {
                return Optional.empty();
            }
            return Optional.of(cellIpam(connection, cell, blockLimit));
        });
    }

    static CellIpam cellIpam(Connection connection, String cell, Integer blockLimit) throws SQLException {
        return new CellIpam(cell, pools(connection, cell), blocks(connection, cell, blockLimit), rightSizing(connection, cell),
                findings(connection, cell));
    }

    /** A pool's usage samples since {@code since}, oldest first. */
    @Override
    public List<PoolSample> history(String cell, String plane, String pool, Instant since) {
        return consistentRead.read(connection -> Rows.list(connection, """
                SELECT s.ts, CASE WHEN s.blocks_total > 0 THEN s.blocks_used ELSE s.allocated END AS used,
                       CASE WHEN s.blocks_total > 0 THEN s.blocks_total ELSE s.capacity END AS total
                  FROM pool_usage_sample s
                  JOIN ip_pool p ON p.id = s.pool_id
                  JOIN cell c ON c.id = p.cell_id
                 WHERE c.name = ? AND p.plane = ? AND p.name = ? AND s.ts > ?
                 ORDER BY s.ts""",
                rs -> new PoolSample(rs.getTimestamp("ts").toInstant(), rs.getLong("used"), rs.getLong("total")),
                cell, plane, pool, Timestamp.from(since)));
    }

    private static List<PoolHeadroomRow> pools(Connection connection, String cell) throws SQLException {
        return Rows.list(connection, """
                WITH fit AS (
                    SELECT s.pool_id,
                           regr_slope(CASE WHEN s.blocks_total > 0 THEN s.blocks_used ELSE s.allocated END,
                                      extract(epoch FROM s.ts) / 86400.0) AS per_day,
                           count(*) AS samples,
                           extract(epoch FROM max(s.ts) - min(s.ts)) AS span_seconds
                      FROM pool_usage_sample s
                     WHERE s.ts > ?
                     GROUP BY s.pool_id)
                SELECT c.name AS cell, p.name, p.plane, p.rail, p.kind, p.cidrs, p.block_prefix, p.capacity, p.allocated,
                       p.blocks_total, p.blocks_used, p.leaked, p.allocation_failures, p.health, p.reason,
                       f.per_day, f.samples, f.span_seconds
                  FROM ip_pool p
                  JOIN cell c ON c.id = p.cell_id
                  LEFT JOIN fit f ON f.pool_id = p.id
                 WHERE ?::text IS NULL OR c.name = ?
                 ORDER BY c.name, CASE p.plane WHEN 'PRIMARY' THEN 0 WHEN 'BACKEND' THEN 1 ELSE 2 END, p.rail NULLS LAST, p.name""",
                SqlIpamReads::pool, Timestamp.from(Instant.now().minus(FIT_WINDOW)), cell, cell);
    }

    private static PoolHeadroomRow pool(ResultSet rs) throws SQLException {
        long blocksTotal = rs.getLong("blocks_total");
        long free = blocksTotal > 0 ? Math.max(0, blocksTotal - rs.getLong("blocks_used"))
                : Math.max(0, rs.getLong("capacity") - rs.getLong("allocated"));
        Double perDay = Rows.nullableDouble(rs, "per_day");
        Double days = perDay != null && perDay > 0 && rs.getLong("samples") >= MIN_SAMPLES
                && rs.getDouble("span_seconds") >= MIN_SPAN_SECONDS ? free / perDay : null;
        Array cidrs = rs.getArray("cidrs");
        return new PoolHeadroomRow(rs.getString("cell"), rs.getString("name"), rs.getString("plane"),
                rs.getObject("rail", Integer.class), rs.getString("kind"), List.of((String[]) cidrs.getArray()),
                rs.getObject("block_prefix", Integer.class), rs.getLong("capacity"), rs.getLong("allocated"), blocksTotal,
                rs.getLong("blocks_used"), rs.getLong("leaked"), rs.getLong("allocation_failures"), rs.getString("health"),
                rs.getString("reason"), days);
    }

    private static List<NodeBlockRow> blocks(Connection connection, String cell, Integer limit) throws SQLException {
        return Rows.list(connection, """
                SELECT n.name AS node, p.name AS pool, b.cidr, b.capacity, b.used, n.max_pods
                  FROM node_block b
                  JOIN node n ON n.id = b.node_id
                  JOIN cell c ON c.id = n.cell_id
                  JOIN ip_pool p ON p.id = b.pool_id
                 WHERE c.name = ? AND p.plane = 'PRIMARY'
                 ORDER BY b.used::float / GREATEST(b.capacity, 1) DESC, n.name
                 LIMIT ?""",
                rs -> new NodeBlockRow(rs.getString("node"), rs.getString("pool"), rs.getString("cidr"), rs.getInt("capacity"),
                        rs.getInt("used"), rs.getObject("max_pods", Integer.class)),
                cell, limit == null ? Integer.MAX_VALUE : limit);
    }

    private static RightSizing rightSizing(Connection connection, String cell) throws SQLException {
        return Rows.list(connection, """
                SELECT count(*) AS blocks, COALESCE(sum(b.capacity), 0) AS addresses,
                       COALESCE(sum(LEAST(COALESCE(n.max_pods, b.capacity), b.capacity)), 0) AS max_pods,
                       COALESCE(sum(b.used), 0) AS running, COALESCE(max(n.max_pods), 0) AS largest,
                       COALESCE(max(split_part(b.cidr, '/', 2)::int), 0) AS prefix
                  FROM node_block b
                  JOIN node n ON n.id = b.node_id
                  JOIN cell c ON c.id = n.cell_id
                  JOIN ip_pool p ON p.id = b.pool_id
                 WHERE c.name = ? AND p.plane = 'PRIMARY'""",
                rs -> new RightSizing(rs.getLong("blocks"), rs.getLong("addresses"), rs.getLong("max_pods"), rs.getLong("running"),
                        rs.getInt("largest"), rs.getInt("prefix")), cell).get(0);
    }

    private static IpamFindings findings(Connection connection, String cell) throws SQLException {
        String ofCell = " JOIN cell c ON c.id = t.cell_id WHERE c.name = ?";
        return new IpamFindings(
                Rows.list(connection, "SELECT t.* FROM ipam_leak t" + ofCell + " ORDER BY t.pool, t.address",
                        rs -> new IpamFindings.Leak(rs.getString("pool"), rs.getString("address"), rs.getString("podref")), cell),
                Rows.list(connection, "SELECT t.* FROM allocation_failure t" + ofCell + " ORDER BY t.last_seen DESC NULLS LAST",
                        rs -> new IpamFindings.Failure(rs.getString("reason"), rs.getString("object"), rs.getString("node"),
                                rs.getString("pool"), rs.getString("message"), rs.getInt("count"), instant(rs, "last_seen")), cell),
                Rows.list(connection, "SELECT t.* FROM stuck_pod t" + ofCell + " ORDER BY t.since",
                        rs -> new IpamFindings.Stuck(rs.getString("namespace"), rs.getString("name"), rs.getString("node"),
                                instant(rs, "since")), cell),
                Rows.list(connection, "SELECT t.* FROM rail_asymmetry t" + ofCell + " ORDER BY t.node",
                        rs -> new IpamFindings.Asymmetry(rs.getString("node"), rs.getString("offsets")), cell),
                Rows.list(connection, "SELECT t.* FROM waiting_node t" + ofCell + " ORDER BY t.pool, t.node",
                        rs -> new IpamFindings.Waiting(rs.getString("node"), rs.getString("pool"), rs.getString("reason")), cell),
                Rows.list(connection, "SELECT t.problem FROM source_problem t" + ofCell + " ORDER BY t.problem",
                        rs -> rs.getString("problem"), cell));
    }

    private static Instant instant(ResultSet rs, String column) throws SQLException {
        Timestamp at = rs.getTimestamp(column);
        return at == null ? null : at.toInstant();
    }
}
