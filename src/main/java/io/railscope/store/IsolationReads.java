package io.railscope.store;

import io.railscope.audit.IsolationCheck;
import io.railscope.audit.IsolationFinding;
import jakarta.enterprise.context.ApplicationScoped;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Comparator;
import java.util.List;

/** A cell's isolation findings, ordered by check and then by how much they concern. */
@ApplicationScoped
public class IsolationReads {

    private final ConsistentRead consistentRead;

    public IsolationReads(ConsistentRead consistentRead) {
        this.consistentRead = consistentRead;
    }

    public List<StoredFinding> findings(String cell) {
        return consistentRead.read(connection -> findings(connection, cell));
    }

    static List<StoredFinding> findings(Connection connection, String cell) throws SQLException {
        List<StoredFinding> findings = Rows.list(connection, """
                SELECT f.check_name, f.namespace, f.object, f.node, f.affected, f.detail, f.first_seen
                  FROM isolation_finding f JOIN cell c ON c.id = f.cell_id
                 WHERE c.name = ?""", rs -> new StoredFinding(new IsolationFinding(check(rs.getString(1)),
                rs.getString(2).isEmpty() ? null : rs.getString(2), rs.getString(3), rs.getString(4), rs.getInt(5), rs.getString(6)),
                rs.getTimestamp(7).toInstant()), cell);
        // a check this version does not know (written by a newer replica) is left out
        return findings.stream().filter(stored -> stored.finding().check() != null).sorted(Comparator.comparing((StoredFinding stored) -> stored.finding().check())
                .thenComparing(stored -> -stored.finding().affected()).thenComparing(stored -> stored.finding().object())).toList();
    }

    private static IsolationCheck check(String label) {
        for (IsolationCheck check : IsolationCheck.values()) {
            if (check.label().equals(label)) {
                return check;
            }
        }
        return null;
    }
}
