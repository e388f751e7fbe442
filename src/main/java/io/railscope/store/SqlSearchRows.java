package io.railscope.store;

import static io.railscope.store.Queries.unchecked;

import io.railscope.model.Plane;
import io.railscope.read.SearchRows;
import java.sql.Connection;
import java.util.List;

/** What holds an address and what has a name containing some text, read on one connection. */
final class SqlSearchRows implements SearchRows {

    private final Connection connection;

    SqlSearchRows(Connection connection) {
        this.connection = connection;
    }

    @Override
    public List<Block> blocksHolding(String ip, int limit) {
        return unchecked(() -> Rows.list(
                connection,
                """
                SELECT c.name AS cell, n.name AS node, b.cidr, p.name AS pool, b.used, b.capacity
                  FROM node_block b JOIN node n ON n.id = b.node_id JOIN cell c ON c.id = n.cell_id JOIN ip_pool p ON p.id = b.pool_id
                 WHERE ?::inet <<= b.cidr::cidr LIMIT ?""",
                row -> new Block(
                        row.text("cell"),
                        row.text("node"),
                        row.text("cidr"),
                        row.text("pool"),
                        row.integer("used"),
                        row.integer("capacity")),
                ip,
                limit));
    }

    @Override
    public List<PoolCidr> poolCidrsHolding(String ip, int limit) {
        return unchecked(() -> Rows.list(
                connection,
                """
                SELECT c.name AS cell, p.name AS pool, p.plane, p.rail, cidr
                  FROM ip_pool p JOIN cell c ON c.id = p.cell_id, unnest(p.cidrs) AS cidr
                 WHERE ?::inet <<= cidr::cidr LIMIT ?""",
                row -> new PoolCidr(
                        row.text("cell"),
                        row.text("pool"),
                        row.constant(Plane.class, "plane"),
                        row.nullableInteger("rail"),
                        row.text("cidr")),
                ip,
                limit));
    }

    @Override
    public List<Leak> leaksOf(String ip, int limit) {
        return unchecked(() -> Rows.list(
                connection, """
                SELECT c.name AS cell, l.pool, l.podref FROM ipam_leak l JOIN cell c ON c.id = l.cell_id WHERE l.address = ? LIMIT ?""", row -> new Leak(row.text("cell"), row.text("pool"), row.text("podref")), ip, limit));
    }

    @Override
    public List<Node> nodesNamed(String text, int limit) {
        return unchecked(() -> Rows.list(
                connection,
                """
                SELECT c.name AS cell, n.name AS node, n.pool FROM node n JOIN cell c ON c.id = n.cell_id
                 WHERE n.name ILIKE ? ORDER BY n.name = ? DESC, n.name LIMIT ?""",
                row -> new Node(row.text("cell"), row.text("node"), row.text("pool")),
                containing(text),
                text,
                limit));
    }

    @Override
    public List<JobPod> jobPodsNamed(String text, int limit) {
        return unchecked(() -> Rows.list(
                connection,
                """
                SELECT DISTINCT ON (c.name, j.namespace, j.name, pod ->> 'name')
                       c.name AS cell, j.namespace, j.name AS job, pod ->> 'name' AS pod, pod ->> 'node' AS node
                  FROM nccl_job j JOIN cell c ON c.id = j.cell_id, jsonb_array_elements(j.pods) AS pod
                 WHERE pod ->> 'name' ILIKE ? LIMIT ?""",
                row -> new JobPod(
                        row.text("cell"), row.text("namespace"), row.text("job"), row.text("pod"), row.text("node")),
                containing(text),
                limit));
    }

    @Override
    public List<StuckPod> stuckPodsNamed(String text, int limit) {
        return unchecked(() -> Rows.list(
                connection,
                """
                SELECT c.name AS cell, s.namespace, s.name AS pod, s.node FROM stuck_pod s JOIN cell c ON c.id = s.cell_id
                 WHERE s.name ILIKE ? LIMIT ?""",
                row -> new StuckPod(row.text("cell"), row.text("namespace"), row.text("pod"), row.text("node")),
                containing(text),
                limit));
    }

    @Override
    public List<Job> jobsNamed(String text, int limit) {
        return unchecked(() -> Rows.list(
                connection,
                """
                SELECT c.name AS cell, j.namespace, j.name AS job, j.verdict FROM nccl_job j JOIN cell c ON c.id = j.cell_id
                 WHERE j.name ILIKE ? ORDER BY j.running DESC, j.name LIMIT ?""",
                row -> new Job(row.text("cell"), row.text("namespace"), row.text("job"), row.text("verdict")),
                containing(text),
                limit));
    }

    @Override
    public List<Pool> poolsNamed(String text, int limit) {
        return unchecked(() -> Rows.list(
                connection,
                """
                SELECT c.name AS cell, p.name AS pool, p.plane, p.health FROM ip_pool p JOIN cell c ON c.id = p.cell_id
                 WHERE p.name ILIKE ? LIMIT ?""",
                row -> new Pool(
                        row.text("cell"), row.text("pool"), row.constant(Plane.class, "plane"), row.text("health")),
                containing(text),
                limit));
    }

    @Override
    public List<String> cellsNamed(String text, int limit) {
        return unchecked(() -> Rows.list(
                connection,
                "SELECT name FROM cell WHERE name ILIKE ? LIMIT ?",
                row -> row.text("name"),
                containing(text),
                limit));
    }

    /** An ILIKE pattern that matches {@code text} anywhere, its wildcards taken literally. */
    private static String containing(String text) {
        return "%" + text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%";
    }
}
