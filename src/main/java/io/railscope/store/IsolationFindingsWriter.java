package io.railscope.store;

import io.railscope.audit.IsolationFinding;
import io.railscope.model.SourceKind;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.util.List;

/**
 * Replaces what one source's part of the isolation audit found in a cell: findings seen again keep
 * their first_seen, findings no longer seen are deleted. The audit names each object once per check.
 */
final class IsolationFindingsWriter {

    private final Connection connection;
    private final CellRow cell;
    private final CommitReport report;

    IsolationFindingsWriter(Connection connection, CellRow cell, CommitReport report) {
        this.connection = connection;
        this.cell = cell;
        this.report = report;
    }

    void write(SourceKind source, List<IsolationFinding> findings) throws SQLException {
        if (!findings.isEmpty()) {
            try (PreparedStatement upsert = connection.prepareStatement("""
                    INSERT INTO isolation_finding (cell_id, source, check_name, object, namespace, node, affected, detail, first_seen, seen_seq)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    ON CONFLICT (cell_id, check_name, namespace, object) DO UPDATE
                       SET source = EXCLUDED.source, node = EXCLUDED.node,
                           affected = EXCLUDED.affected, detail = EXCLUDED.detail, seen_seq = EXCLUDED.seen_seq""")) {
                for (IsolationFinding finding : findings) {
                    upsert.setInt(1, cell.id());
                    upsert.setString(2, source.label());
                    upsert.setString(3, finding.check().label());
                    upsert.setString(4, finding.object());
                    upsert.setString(5, finding.namespace() == null ? "" : finding.namespace());
                    upsert.setString(6, finding.node());
                    upsert.setInt(7, finding.affected());
                    upsert.setString(8, finding.detail());
                    upsert.setTimestamp(9, Timestamp.from(cell.at()));
                    upsert.setLong(10, cell.collectionSeq());
                    upsert.addBatch();
                }
                upsert.executeBatch();
            }
        }
        SqlStatements.update(
                connection,
                "DELETE FROM isolation_finding WHERE cell_id = ? AND source = ? AND seen_seq <> ?",
                cell.id(),
                source.label(),
                cell.collectionSeq());
        report.add("isolation_finding", findings.size());
    }
}
