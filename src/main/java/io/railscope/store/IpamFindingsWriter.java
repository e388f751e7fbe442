package io.railscope.store;

import static io.railscope.store.SqlStatements.update;

import io.railscope.model.SourceKind;
import io.railscope.source.KubernetesSnapshot;
import io.railscope.source.RailAsymmetry;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/** Replaces a cell's leaks, allocation failures, stuck pods, rail asymmetries, waiting nodes and skipped objects with this collection's. */
final class IpamFindingsWriter {

    private final Connection connection;
    private final CellRow cell;
    private final CommitReport report;

    IpamFindingsWriter(Connection connection, CellRow cell, CommitReport report) {
        this.connection = connection;
        this.cell = cell;
        this.report = report;
    }

    void write(KubernetesSnapshot snapshot) throws SQLException {
        replace(
                "ipam_leak",
                "INSERT INTO ipam_leak (cell_id, pool, address, podref) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING",
                snapshot.leaks(),
                (statement, leak) -> {
                    statement.setString(2, leak.pool());
                    statement.setString(3, leak.address());
                    statement.setString(4, leak.podref());
                });
        replace("allocation_failure", """
                INSERT INTO allocation_failure (cell_id, reason, object, node, pool, message, count, last_seen, kind)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)""", snapshot.failures(), (statement, failure) -> {
            statement.setString(2, failure.reason());
            statement.setString(3, failure.object());
            statement.setString(4, failure.node());
            statement.setString(5, failure.pool());
            statement.setString(6, failure.message());
            statement.setInt(7, failure.count());
            statement.setTimestamp(8, timestamp(failure.lastSeen()));
            statement.setString(9, failure.kind().name());
        });
        replace(
                "stuck_pod",
                "INSERT INTO stuck_pod (cell_id, namespace, name, node, since) VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
                snapshot.stuckPods(),
                (statement, pod) -> {
                    statement.setString(2, pod.namespace());
                    statement.setString(3, pod.name());
                    statement.setString(4, pod.node());
                    statement.setTimestamp(5, timestamp(pod.since()));
                });
        replace(
                "rail_asymmetry",
                "INSERT INTO rail_asymmetry (cell_id, node, offsets) VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
                snapshot.asymmetricNodes(),
                (statement, asymmetry) -> {
                    statement.setString(2, asymmetry.node());
                    statement.setString(3, offsets(asymmetry));
                });
        replace(
                "waiting_node",
                "INSERT INTO waiting_node (cell_id, node, pool, reason) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING",
                snapshot.waitingNodes(),
                (statement, waiting) -> {
                    statement.setString(2, waiting.node());
                    statement.setString(3, waiting.pool());
                    statement.setString(4, waiting.reason());
                });
        update(
                connection,
                "DELETE FROM source_problem WHERE cell_id = ? AND source = ?",
                cell.id(),
                SourceKind.KUBERNETES.label());
        insert(
                "INSERT INTO source_problem (cell_id, source, problem) VALUES (?, ?, ?)",
                snapshot.problems(),
                (statement, problem) -> {
                    statement.setString(2, SourceKind.KUBERNETES.label());
                    statement.setString(3, problem);
                });
    }

    private <T> void replace(String table, String insertSql, List<T> rows, Binder<T> binder) throws SQLException {
        update(connection, "DELETE FROM " + table + " WHERE cell_id = ?", cell.id());
        insert(insertSql, rows, binder);
        report.add(table, rows.size());
    }

    private <T> void insert(String sql, List<T> rows, Binder<T> binder) throws SQLException {
        if (rows.isEmpty()) {
            return;
        }
        try (PreparedStatement statement = connection.prepareStatement(sql)) {
            for (T row : rows) {
                statement.setInt(1, cell.id());
                binder.bind(statement, row);
                statement.addBatch();
            }
            statement.executeBatch();
        }
    }

    private static String offsets(RailAsymmetry asymmetry) {
        return asymmetry.offsetByRail().entrySet().stream()
                .sorted(Map.Entry.comparingByKey())
                .map(entry -> entry.getKey() + ":" + entry.getValue())
                .collect(Collectors.joining(" "));
    }

    private static Timestamp timestamp(Instant at) {
        return at == null ? null : Timestamp.from(at);
    }

    @FunctionalInterface
    private interface Binder<T> {
        void bind(PreparedStatement statement, T row) throws SQLException;
    }
}
