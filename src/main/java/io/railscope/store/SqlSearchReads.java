package io.railscope.store;

import io.railscope.read.SearchReads;
import io.railscope.read.SearchHit;
import jakarta.enterprise.context.ApplicationScoped;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
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

    private static final Pattern IPV4 = Pattern.compile("(25[0-5]|2[0-4]\\d|1?\\d?\\d)(\\.(25[0-5]|2[0-4]\\d|1?\\d?\\d)){3}");
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
        return consistentRead.read(connection -> IPV4.matcher(q).matches() ? address(connection, q) : names(connection, q));
    }

    private static List<SearchHit> address(Connection connection, String ip) throws SQLException {
        List<SearchHit> hits = new ArrayList<>();
        hits.addAll(Rows.list(connection, """
                SELECT c.name, n.name, b.cidr, p.name, b.used, b.capacity
                  FROM node_block b JOIN node n ON n.id = b.node_id JOIN cell c ON c.id = n.cell_id JOIN ip_pool p ON p.id = b.pool_id
                 WHERE ?::inet <<= b.cidr::cidr LIMIT ?""", row -> new SearchHit("node block", row.text(1), row.text(2),
                ip + " is in " + row.text(2) + "'s block " + row.text(3) + " of pool " + row.text(4) + " (" + row.integer(5) + " of "
                        + row.integer(6) + " used)", "/cells/" + url(row.text(1)) + "/nodes/" + url(row.text(2))), ip, PER_KIND));
        hits.addAll(Rows.list(connection, """
                SELECT c.name, p.name, p.plane, p.rail, cidr
                  FROM ip_pool p JOIN cell c ON c.id = p.cell_id, unnest(p.cidrs) AS cidr
                 WHERE ?::inet <<= cidr::cidr LIMIT ?""", row -> new SearchHit(row.text(3).toLowerCase() + " pool", row.text(1),
                row.text(2), ip + " is in " + row.text(5) + (row.nullableInteger("rail") == null ? "" : " (rail " + row.integer(4) + ")"),
                "/cells/" + url(row.text(1)) + "/pools/" + row.text(3).toLowerCase() + "/" + url(row.text(2))), ip, PER_KIND));
        hits.addAll(Rows.list(connection, """
                SELECT c.name, l.pool, l.podref FROM ipam_leak l JOIN cell c ON c.id = l.cell_id WHERE l.address = ? LIMIT ?""",
                row -> new SearchHit("leaked address", row.text(1), ip, "allocated in " + row.text(2) + " to " + row.text(3)
                        + ", a pod that no longer exists", "/cells/" + url(row.text(1)) + "#ipam"), ip, PER_KIND));
        return hits;
    }

    private static List<SearchHit> names(Connection connection, String q) throws SQLException {
        String like = "%" + q.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%";
        List<SearchHit> hits = new ArrayList<>();
        hits.addAll(Rows.list(connection, """
                SELECT c.name, n.name, n.pool FROM node n JOIN cell c ON c.id = n.cell_id
                 WHERE n.name ILIKE ? ORDER BY n.name = ? DESC, n.name LIMIT ?""", row -> new SearchHit("node", row.text(1), row.text(2),
                row.text(3) == null ? "" : "pool " + row.text(3), "/cells/" + url(row.text(1)) + "/nodes/" + url(row.text(2))),
                like, q, PER_KIND));
        hits.addAll(Rows.list(connection, """
                SELECT DISTINCT ON (c.name, j.namespace, j.name, pod ->> 'name') c.name, j.namespace, j.name, pod ->> 'name', pod ->> 'node'
                  FROM nccl_job j JOIN cell c ON c.id = j.cell_id, jsonb_array_elements(j.pods) AS pod
                 WHERE pod ->> 'name' ILIKE ? LIMIT ?""", row -> new SearchHit("pod", row.text(1), row.text(4),
                "of job " + row.text(2) + "/" + row.text(3) + (row.text(5) == null ? "" : " on " + row.text(5)),
                "/cells/" + url(row.text(1)) + "/jobs/" + url(row.text(2)) + "/" + url(row.text(3))), like, PER_KIND));
        hits.addAll(Rows.list(connection, """
                SELECT c.name, s.namespace, s.name, s.node FROM stuck_pod s JOIN cell c ON c.id = s.cell_id WHERE s.name ILIKE ? LIMIT ?""",
                row -> new SearchHit("stuck pod", row.text(1), row.text(2) + "/" + row.text(3),
                        "waiting for an address" + (row.text(4) == null ? "" : " on " + row.text(4)), "/cells/" + url(row.text(1)) + "#ipam"),
                like, PER_KIND));
        hits.addAll(Rows.list(connection, """
                SELECT c.name, j.namespace, j.name, j.verdict FROM nccl_job j JOIN cell c ON c.id = j.cell_id
                 WHERE j.name ILIKE ? ORDER BY j.running DESC, j.name LIMIT ?""", row -> new SearchHit("job", row.text(1),
                row.text(2) + "/" + row.text(3), row.text(4), "/cells/" + url(row.text(1)) + "/jobs/" + url(row.text(2)) + "/"
                        + url(row.text(3))), like, PER_KIND));
        hits.addAll(Rows.list(connection, """
                SELECT c.name, p.name, p.plane, p.health FROM ip_pool p JOIN cell c ON c.id = p.cell_id WHERE p.name ILIKE ? LIMIT ?""",
                row -> new SearchHit(row.text(3).toLowerCase() + " pool", row.text(1), row.text(2), row.text(4),
                        "/cells/" + url(row.text(1)) + "/pools/" + row.text(3).toLowerCase() + "/" + url(row.text(2))), like, PER_KIND));
        hits.addAll(Rows.list(connection, "SELECT name FROM cell WHERE name ILIKE ? LIMIT ?",
                row -> new SearchHit("cell", row.text(1), row.text(1), "", "/cells/" + url(row.text(1))), like, PER_KIND));
        return hits;
    }

    private static String url(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8).replace("+", "%20");
    }
}
