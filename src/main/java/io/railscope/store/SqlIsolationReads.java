package io.railscope.store;

import io.railscope.audit.IsolationFinding;
import io.railscope.model.IsolationCheck;
import io.railscope.read.IsolationReads;
import io.railscope.read.StoredFinding;
import jakarta.enterprise.context.ApplicationScoped;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/** A cell's isolation findings, ordered by check and then by how much they concern. */
@ApplicationScoped
public class SqlIsolationReads implements IsolationReads {

    private final ConsistentRead consistentRead;

    public SqlIsolationReads(ConsistentRead consistentRead) {
        this.consistentRead = consistentRead;
    }

    @Override
    public List<StoredFinding> findings(String cell) {
        return consistentRead.read(connection -> findings(connection, cell));
    }

    static List<StoredFinding> findings(Connection connection, String cell) throws SQLException {
        List<Optional<StoredFinding>> rows = Rows.list(
                connection,
                """
                SELECT f.check_name, f.namespace, f.object, f.node, f.affected, f.detail, f.first_seen
                  FROM isolation_finding f JOIN cell c ON c.id = f.cell_id
                 WHERE c.name = ?""",
                row -> {
                    String namespace = row.text("namespace").isEmpty() ? null : row.text("namespace");
                    String object = row.text("object");
                    String node = row.text("node");
                    int affected = row.integer("affected");
                    String detail = row.text("detail");
                    Instant firstSeen = row.instant("first_seen");
                    return IsolationCheck.fromLabel(row.text("check_name"))
                            .map(check -> new StoredFinding(
                                    new IsolationFinding(check, namespace, object, node, affected, detail), firstSeen));
                },
                cell);
        // a check this version does not know (written by a newer replica) is left out
        return rows.stream()
                .flatMap(Optional::stream)
                .sorted(Comparator.comparing(
                                (StoredFinding stored) -> stored.finding().check())
                        .thenComparing(stored -> -stored.finding().affected())
                        .thenComparing(stored -> stored.finding().object()))
                .toList();
    }
}
