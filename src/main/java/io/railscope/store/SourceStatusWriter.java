package io.railscope.store;

import io.railscope.source.SourceOutcome;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.util.List;

/** Records how each source of the cell fared; a failure keeps the time of the last success. */
final class SourceStatusWriter {

    private final Connection connection;
    private final CellRow cell;

    SourceStatusWriter(Connection connection, CellRow cell) {
        this.connection = connection;
        this.cell = cell;
    }

    void write(List<SourceOutcome> outcomes) throws SQLException {
        try (PreparedStatement upsert = connection.prepareStatement("""
                INSERT INTO source_status (cell_id, source, last_attempt_at, last_success_at, last_duration_ms, error,
                                           consecutive_failures, problems)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT (cell_id, source) DO UPDATE
                   SET last_attempt_at = EXCLUDED.last_attempt_at,
                       last_success_at = COALESCE(EXCLUDED.last_success_at, source_status.last_success_at),
                       last_duration_ms = EXCLUDED.last_duration_ms, error = EXCLUDED.error, problems = EXCLUDED.problems,
                       consecutive_failures = CASE WHEN EXCLUDED.error IS NULL THEN 0
                                                   ELSE source_status.consecutive_failures + 1 END""")) {
            for (SourceOutcome outcome : outcomes) {
                Timestamp attempted = Timestamp.from(outcome.attemptedAt());
                upsert.setInt(1, cell.id());
                upsert.setString(2, outcome.kind().label());
                upsert.setTimestamp(3, attempted);
                upsert.setTimestamp(4, outcome.succeeded() ? attempted : null);
                upsert.setInt(5, (int) Math.min(Integer.MAX_VALUE, outcome.durationMillis()));
                upsert.setString(6, outcome.error());
                upsert.setInt(7, outcome.succeeded() ? 0 : 1);
                upsert.setString(8, outcome.problems());
                upsert.addBatch();
            }
            upsert.executeBatch();
        }
    }
}
