package io.railscope.store;

import io.railscope.model.PagePaths;
import io.railscope.model.Plane;
import io.railscope.read.SearchHit;
import io.railscope.read.SearchReads;
import jakarta.enterprise.context.ApplicationScoped;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Finds what an SRE types: an IPv4 address (the node block, backend or Service pool, or leaked
 * allocation that owns it), or part of a node, pod, job, pool or cell name. Exact names come first.
 */
@ApplicationScoped
public class SqlSearchReads implements SearchReads {

    private static final Pattern IPV4 =
            Pattern.compile("(25[0-5]|2[0-4]\\d|1?\\d?\\d)(\\.(25[0-5]|2[0-4]\\d|1?\\d?\\d)){3}");
    private static final int PER_KIND = 20;

    private final ConsistentRead consistentRead;

    public SqlSearchReads(ConsistentRead consistentRead) {
        this.consistentRead = consistentRead;
    }

    @Override
    public List<SearchHit> search(String query) {
        String q = query == null ? "" : query.strip();
        if (q.isEmpty() || q.length() > 253) {
            return List.of();
        }
        return consistentRead.read(
                connection -> IPV4.matcher(q).matches() ? address(connection, q) : names(connection, q));
    }

    private static List<SearchHit> address(Connection connection, String ip) throws SQLException {
        List<SearchHit> hits = new ArrayList<>();
        hits.addAll(Rows.list(
                connection,
                """
                SELECT c.name AS cell, n.name AS node, b.cidr, p.name AS pool, b.used, b.capacity
                  FROM node_block b JOIN node n ON n.id = b.node_id JOIN cell c ON c.id = n.cell_id JOIN ip_pool p ON p.id = b.pool_id
                 WHERE ?::inet <<= b.cidr::cidr LIMIT ?""",
                row -> new SearchHit(
                        SearchHit.Kind.NODE_BLOCK,
                        row.text("cell"),
                        row.text("node"),
                        ip + " is in " + row.text("node") + "'s block " + row.text("cidr") + " of pool "
                                + row.text("pool") + " (" + row.integer("used") + " of " + row.integer("capacity")
                                + " used)",
                        PagePaths.node(row.text("cell"), row.text("node"))),
                ip,
                PER_KIND));
        hits.addAll(Rows.list(
                connection,
                """
                SELECT c.name AS cell, p.name AS pool, p.plane, p.rail, cidr
                  FROM ip_pool p JOIN cell c ON c.id = p.cell_id, unnest(p.cidrs) AS cidr
                 WHERE ?::inet <<= cidr::cidr LIMIT ?""",
                row -> new SearchHit(
                        poolKind(row),
                        row.text("cell"),
                        row.text("pool"),
                        ip + " is in " + row.text("cidr")
                                + (row.nullableInteger("rail") == null ? "" : " (rail " + row.integer("rail") + ")"),
                        poolUrl(row)),
                ip,
                PER_KIND));
        hits.addAll(Rows.list(
                connection,
                """
                SELECT c.name AS cell, l.pool, l.podref FROM ipam_leak l JOIN cell c ON c.id = l.cell_id WHERE l.address = ? LIMIT ?""",
                row -> new SearchHit(
                        SearchHit.Kind.LEAKED_ADDRESS,
                        row.text("cell"),
                        ip,
                        "allocated in " + row.text("pool") + " to " + row.text("podref")
                                + ", a pod that no longer exists",
                        PagePaths.ipam(row.text("cell"))),
                ip,
                PER_KIND));
        return hits;
    }

    private static List<SearchHit> names(Connection connection, String q) throws SQLException {
        String like = "%" + q.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%";
        List<SearchHit> hits = new ArrayList<>();
        hits.addAll(Rows.list(
                connection,
                """
                SELECT c.name AS cell, n.name AS node, n.pool FROM node n JOIN cell c ON c.id = n.cell_id
                 WHERE n.name ILIKE ? ORDER BY n.name = ? DESC, n.name LIMIT ?""",
                row -> new SearchHit(
                        SearchHit.Kind.NODE,
                        row.text("cell"),
                        row.text("node"),
                        row.text("pool") == null ? "" : "pool " + row.text("pool"),
                        PagePaths.node(row.text("cell"), row.text("node"))),
                like,
                q,
                PER_KIND));
        hits.addAll(Rows.list(
                connection,
                """
                SELECT DISTINCT ON (c.name, j.namespace, j.name, pod ->> 'name')
                       c.name AS cell, j.namespace, j.name AS job, pod ->> 'name' AS pod, pod ->> 'node' AS node
                  FROM nccl_job j JOIN cell c ON c.id = j.cell_id, jsonb_array_elements(j.pods) AS pod
                 WHERE pod ->> 'name' ILIKE ? LIMIT ?""",
                row -> new SearchHit(
                        SearchHit.Kind.POD,
                        row.text("cell"),
                        row.text("pod"),
                        "of job " + row.text("namespace") + "/" + row.text("job")
                                + (row.text("node") == null ? "" : " on " + row.text("node")),
                        jobUrl(row)),
                like,
                PER_KIND));
        hits.addAll(Rows.list(
                connection,
                """
                SELECT c.name AS cell, s.namespace, s.name AS pod, s.node FROM stuck_pod s JOIN cell c ON c.id = s.cell_id
                 WHERE s.name ILIKE ? LIMIT ?""",
                row -> new SearchHit(
                        SearchHit.Kind.STUCK_POD,
                        row.text("cell"),
                        row.text("namespace") + "/" + row.text("pod"),
                        "waiting for an address" + (row.text("node") == null ? "" : " on " + row.text("node")),
                        PagePaths.ipam(row.text("cell"))),
                like,
                PER_KIND));
        hits.addAll(Rows.list(
                connection,
                """
                SELECT c.name AS cell, j.namespace, j.name AS job, j.verdict FROM nccl_job j JOIN cell c ON c.id = j.cell_id
                 WHERE j.name ILIKE ? ORDER BY j.running DESC, j.name LIMIT ?""",
                row -> new SearchHit(
                        SearchHit.Kind.JOB,
                        row.text("cell"),
                        row.text("namespace") + "/" + row.text("job"),
                        row.text("verdict"),
                        jobUrl(row)),
                like,
                PER_KIND));
        hits.addAll(Rows.list(
                connection,
                """
                SELECT c.name AS cell, p.name AS pool, p.plane, p.health FROM ip_pool p JOIN cell c ON c.id = p.cell_id
                 WHERE p.name ILIKE ? LIMIT ?""",
                row -> new SearchHit(
                        poolKind(row), row.text("cell"), row.text("pool"), row.text("health"), poolUrl(row)),
                like,
                PER_KIND));
        hits.addAll(Rows.list(
                connection,
                "SELECT name FROM cell WHERE name ILIKE ? LIMIT ?",
                row -> new SearchHit(
                        SearchHit.Kind.CELL, row.text("name"), row.text("name"), "", PagePaths.cell(row.text("name"))),
                like,
                PER_KIND));
        return hits;
    }

    private static SearchHit.Kind poolKind(Row row) throws SQLException {
        return SearchHit.Kind.poolOf(row.constant(Plane.class, "plane"));
    }

    private static String poolUrl(Row row) throws SQLException {
        return PagePaths.pool(row.text("cell"), row.constant(Plane.class, "plane"), row.text("pool"));
    }

    private static String jobUrl(Row row) throws SQLException {
        return PagePaths.job(row.text("cell"), row.text("namespace"), row.text("job"));
    }
}
