package io.railscope.store;

import io.agroal.api.AgroalDataSource;
import io.railscope.model.SourceKind;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Duration;

/**
 * Commits one collection of one cell in one transaction, so a reader sees the previous collection
 * or this one, never a mix. The cell's row is locked first: two writers of the same cell (two
 * replicas during a hand-over) queue instead of interleaving.
 */
@ApplicationScoped
public class CellStateWriter {

    private final AgroalDataSource dataSource;
    private final DataVersion version;

    public CellStateWriter(AgroalDataSource dataSource, DataVersion version) {
        this.dataSource = dataSource;
        this.version = version;
    }

    /** Writes the collection; returns the rows written per table, and whether history was sampled. */
    @Transactional
    public CommitReport commit(CellCollection collection, Duration sampleInterval) {
        try (Connection connection = dataSource.getConnection()) {
            CellRow cell = lockCell(connection, collection, sampleInterval);
            CommitReport report = new CommitReport(cell.sampled());
            collection.kubernetes().ifPresent(state -> write(report, "inventory", () -> new InventoryWriter(connection, cell, report).write(state)));
            collection.kubernetes().ifPresent(state -> write(report, "isolation",
                    () -> new IsolationFindingsWriter(connection, cell, report).write(SourceKind.KUBERNETES, state.isolation())));
            collection.nodeMetrics().ifPresent(state -> write(report, "node-metrics",
                    () -> new NodeMetricsWriter(connection, cell, report).write(state)));
            collection.nodeMetrics().ifPresent(state -> write(report, "rdma-netns",
                    () -> new IsolationFindingsWriter(connection, cell, report).write(SourceKind.NODE_METRICS, state.isolation())));
            collection.jobs().ifPresent(jobs -> write(report, "jobs", () -> new JobWriter(connection, cell, report).write(jobs)));
            write(report, "source-status", () -> new SourceStatusWriter(connection, cell).write(collection.outcomes()));
            write(report, "summary", () -> new CellSummaryWriter(connection, cell).write());
            // a page rendered between this and the commit shows the old data for at most the rest of the second
            version.changed();
            return report;
        } catch (SQLException e) {
            throw new StoreException("commit of cell " + collection.cell() + " failed: " + e.getMessage(), e);
        }
    }

    private static CellRow lockCell(Connection connection, CellCollection collection, Duration sampleInterval) throws SQLException {
        try (PreparedStatement insert = connection.prepareStatement(
                "INSERT INTO cell (name, kind) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET kind = EXCLUDED.kind")) {
            insert.setString(1, collection.cell());
            insert.setString(2, collection.simulated() ? "SIMULATED" : "KUBERNETES");
            insert.executeUpdate();
        }
        Timestamp at = Timestamp.from(collection.at());
        Timestamp sampleBefore = Timestamp.from(collection.at().minus(sampleInterval).plusMillis(500));
        try (PreparedStatement update = connection.prepareStatement("""
                UPDATE cell SET collection_seq = collection_seq + 1, collected_at = ?,
                       sampled_at = CASE WHEN sampled_at IS NULL OR sampled_at < ? THEN ? ELSE sampled_at END
                 WHERE name = ?
                RETURNING id, collection_seq, sampled_at = ?""")) {
            update.setTimestamp(1, at);
            update.setTimestamp(2, sampleBefore);
            update.setTimestamp(3, at);
            update.setString(4, collection.cell());
            update.setTimestamp(5, at);
            try (ResultSet rs = update.executeQuery()) {
                rs.next();
                return new CellRow(rs.getInt(1), rs.getLong(2), collection.at(), rs.getBoolean(3));
            }
        }
    }

    private static void write(CommitReport report, String part, SqlWork work) {
        long started = System.nanoTime();
        try {
            work.run();
            report.timed(part, (System.nanoTime() - started) / 1_000_000);
        } catch (SQLException e) {
            throw new StoreException(e.getMessage(), e);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @FunctionalInterface
    private interface SqlWork {
        void run() throws SQLException, IOException;
    }
}
