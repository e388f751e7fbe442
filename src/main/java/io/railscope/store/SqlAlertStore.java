package io.railscope.store;

import io.agroal.api.AgroalDataSource;
import io.railscope.alert.AlertState;
import io.railscope.alert.AlertStore;
import io.railscope.alert.AlertWrites;
import io.railscope.alert.EvaluatedCell;
import io.railscope.alert.OpenAlert;
import io.railscope.alert.Severity;
import io.railscope.alert.StoredAlert;
import io.railscope.read.DataVersion;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/** Alerts and their history: each evaluation's rows written per cell, and the reads of pages, API and delivery. */
@ApplicationScoped
public class SqlAlertStore implements AlertStore {

    private static final String COLUMNS = """
            a.id, a.fingerprint, c.name AS cell, a.alertname, a.severity, a.labels::text AS labels, a.annotations::text AS annotations,
            a.state, a.active_at, a.fired_at, a.resolved_at, a.generator_url""";

    private final AgroalDataSource dataSource;
    private final ConsistentRead consistentRead;
    private final DataVersion version;

    public SqlAlertStore(AgroalDataSource dataSource, ConsistentRead consistentRead, DataVersion version) {
        this.dataSource = dataSource;
        this.consistentRead = consistentRead;
        this.version = version;
    }

    @Override
    public List<OpenAlert> open(String cell) {
        return consistentRead.read(connection -> open(connection, cell));
    }

    private static List<OpenAlert> open(Connection connection, String cell) throws SQLException {
        return Rows.list(
                connection,
                """
                SELECT a.id, a.fingerprint, a.alertname, a.state, a.active_at, a.fired_at,
                       coalesce(a.last_active_at, c.alerts_evaluated_at, a.active_at) AS last_active_at, a.annotations::text AS annotations,
                       a.generator_url, a.last_active_at IS NOT NULL AS quiet
                  FROM alert a JOIN cell c ON c.id = a.cell_id WHERE c.name = ? AND a.state <> 'RESOLVED'""",
                row -> new OpenAlert(
                        row.number("id"),
                        row.text("fingerprint"),
                        row.text("alertname"),
                        row.constant(AlertState.class, "state"),
                        row.instant("active_at"),
                        row.instant("fired_at"),
                        row.instant("last_active_at"),
                        row.stringMap("annotations"),
                        row.text("generator_url"),
                        row.bool("quiet")),
                cell);
    }

    @Transactional(Transactional.TxType.MANDATORY)
    @Override
    public Optional<EvaluatedCell> lockForEvaluation(String cell) {
        try (Connection connection = dataSource.getConnection()) {
            return Rows.first(
                    connection,
                    "SELECT id, alerts_evaluated_at FROM cell WHERE name = ? FOR UPDATE",
                    row -> new EvaluatedCell(row.integer("id"), row.instant("alerts_evaluated_at")),
                    cell);
        } catch (SQLException e) {
            throw new StoreException("locking cell " + cell + " for its alerts failed: " + e.getMessage(), e);
        }
    }

    @Transactional(Transactional.TxType.MANDATORY)
    @Override
    public void write(EvaluatedCell cell, AlertWrites writes) {
        try (Connection connection = dataSource.getConnection()) {
            write(connection, cell.id(), writes);
        } catch (SQLException e) {
            throw new StoreException("writing the alerts of cell " + cell.id() + " failed: " + e.getMessage(), e);
        }
    }

    private void write(Connection connection, int cellId, AlertWrites writes) throws SQLException {
        Timestamp now = Timestamp.from(writes.at());
        try (PreparedStatement insert = connection.prepareStatement("""
                INSERT INTO alert (fingerprint, cell_id, alertname, severity, labels, annotations, state, active_at, fired_at,
                                   generator_url)
                VALUES (?, ?, ?, ?, ?::jsonb, ?::jsonb, ?, ?, ?, ?)""")) {
            for (AlertWrites.NewAlert alert : writes.opened()) {
                bindInsert(insert, alert, cellId, now);
            }
            insert.executeBatch();
        }
        try (PreparedStatement fire =
                connection.prepareStatement("UPDATE alert SET state = 'FIRING', fired_at = ? WHERE id = ?")) {
            for (long id : writes.fired()) {
                fire.setTimestamp(1, now);
                fire.setLong(2, id);
                fire.addBatch();
            }
            fire.executeBatch();
        }
        List<AlertWrites.Rewrite> rewritten = writes.rewritten();
        if (!rewritten.isEmpty()) {
            SqlStatements.update(
                    connection,
                    """
                    UPDATE alert a SET annotations = v.annotations::jsonb, generator_url = v.url, last_active_at = NULL
                      FROM unnest(?::bigint[], ?::text[], ?::text[]) AS v(id, annotations, url) WHERE a.id = v.id""",
                    connection.createArrayOf(
                            "bigint",
                            rewritten.stream().map(AlertWrites.Rewrite::id).toArray()),
                    connection.createArrayOf(
                            "text",
                            rewritten.stream()
                                    .map(alert -> JsonColumns.write(alert.annotations()))
                                    .toArray()),
                    connection.createArrayOf(
                            "text",
                            rewritten.stream()
                                    .map(AlertWrites.Rewrite::generatorUrl)
                                    .toArray()));
        }
        for (long id : writes.forgotten()) {
            SqlStatements.update(connection, "DELETE FROM alert WHERE id = ? AND state = 'PENDING'", id);
        }
        for (long id : writes.resolved()) {
            SqlStatements.update(
                    connection, "UPDATE alert SET state = 'RESOLVED', resolved_at = ? WHERE id = ?", now, id);
        }
        if (!writes.quieted().isEmpty()) {
            SqlStatements.update(
                    connection,
                    "UPDATE alert SET last_active_at = ? WHERE id IN (SELECT unnest(?::bigint[]))",
                    Timestamp.from(writes.lastHeldAt()),
                    connection.createArrayOf("bigint", writes.quieted().toArray()));
        }
        SqlStatements.update(connection, "UPDATE cell SET alerts_evaluated_at = ? WHERE id = ?", now, cellId);
        version.changed();
    }

    /** Pending and firing alerts of every cell, and those resolved since {@code resolvedSince}. */
    @Override
    public List<StoredAlert> current(Instant resolvedSince) {
        return consistentRead.read(
                connection -> Rows.list(connection, "SELECT " + COLUMNS + """
                 FROM alert a JOIN cell c ON c.id = a.cell_id
                WHERE a.state <> 'RESOLVED' OR a.resolved_at >= ?
                ORDER BY a.state, a.severity, c.name, a.alertname, a.fingerprint""", SqlAlertStore::alert, resolvedSince));
    }

    /** Resolved firings, newest first. */
    @Override
    public List<StoredAlert> history(String cell, int limit) {
        return consistentRead.read(connection ->
                Rows.list(connection, "SELECT " + COLUMNS + """
                 FROM alert a JOIN cell c ON c.id = a.cell_id
                WHERE a.state = 'RESOLVED' AND (?::text IS NULL OR c.name = ?::text)
                ORDER BY a.resolved_at DESC LIMIT ?""", SqlAlertStore::alert, cell, cell, limit));
    }

    /** Mean time to resolve per alertname over resolved firings: {@code alertname → [firings, mean seconds]}. */
    @Override
    public Map<String, double[]> meanTimeToResolve(String cell) {
        Map<String, double[]> mttr = new TreeMap<>();
        consistentRead.read(connection -> Rows.list(
                connection,
                """
                SELECT a.alertname, count(*) AS resolved, avg(extract(epoch FROM a.resolved_at - a.fired_at)) AS seconds
                  FROM alert a JOIN cell c ON c.id = a.cell_id
                 WHERE a.state = 'RESOLVED' AND a.fired_at IS NOT NULL AND (?::text IS NULL OR c.name = ?::text)
                 GROUP BY a.alertname""",
                row -> mttr.put(row.text("alertname"), new double[] {row.number("resolved"), row.decimal("seconds")}),
                cell,
                cell));
        return mttr;
    }

    /** Firing alerts per cell. */
    @Override
    public Map<String, Integer> firingByCell() {
        Map<String, Integer> counts = new HashMap<>();
        consistentRead.read(
                connection -> Rows.list(connection, """
                SELECT c.name AS cell, count(*) AS firing FROM alert a JOIN cell c ON c.id = a.cell_id WHERE a.state = 'FIRING' GROUP BY c.name""", row -> counts.put(row.text("cell"), row.integer("firing"))));
        return counts;
    }

    private static void bindInsert(PreparedStatement insert, AlertWrites.NewAlert alert, int cellId, Timestamp now)
            throws SQLException {
        insert.setString(1, alert.fingerprint());
        insert.setInt(2, cellId);
        insert.setString(3, alert.alertname());
        insert.setString(4, alert.severity().label());
        insert.setString(5, JsonColumns.write(alert.labels()));
        insert.setString(6, JsonColumns.write(alert.annotations()));
        insert.setString(7, alert.state().name());
        insert.setTimestamp(8, now);
        insert.setTimestamp(9, alert.firedAt() == null ? null : Timestamp.from(alert.firedAt()));
        insert.setString(10, alert.generatorUrl());
        insert.addBatch();
    }

    static StoredAlert alert(Row row) throws SQLException {
        return new StoredAlert(
                row.number("id"),
                row.text("fingerprint"),
                row.text("cell"),
                row.text("alertname"),
                Severity.fromLabel(row.text("severity")),
                row.stringMap("labels"),
                row.stringMap("annotations"),
                row.constant(AlertState.class, "state"),
                row.instant("active_at"),
                row.instant("fired_at"),
                row.instant("resolved_at"),
                row.text("generator_url"));
    }
}
