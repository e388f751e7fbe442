package io.railscope.store;

import io.railscope.assess.JobsState;
import io.railscope.assess.KubernetesState;
import io.railscope.assess.NodeMetricsState;
import io.railscope.audit.IsolationFinding;
import io.railscope.health.CellHealth;
import io.railscope.model.SourceKind;
import io.railscope.source.SourceOutcome;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;

/**
 * The writes of one collection of one cell, on one connection whose transaction the caller owns.
 * The cell's row is locked when it is opened ({@link CellStateWriter#open}), so two writers of the
 * same cell queue instead of interleaving.
 */
public final class CellCommit implements AutoCloseable {

    private final Connection connection;
    private final CellRow cell;
    private final CommitReport report;
    private final LeaseCheck lease;

    CellCommit(Connection connection, CellRow cell, LeaseCheck lease) {
        this.connection = connection;
        this.cell = cell;
        this.lease = lease;
        this.report = new CommitReport(cell.sampled());
    }

    public void inventory(KubernetesState state) {
        write("inventory", () -> new InventoryWriter(connection, cell, report).write(state));
    }

    public void isolation(SourceKind source, List<IsolationFinding> findings) {
        String part = source == SourceKind.NODE_METRICS ? "rdma-netns" : "isolation";
        write(part, () -> new IsolationFindingsWriter(connection, cell, report).write(source, findings));
    }

    public void nodeMetrics(NodeMetricsState state) {
        write("node-metrics", () -> new NodeMetricsWriter(connection, cell, report).write(state));
    }

    public void jobs(JobsState jobs) {
        write("jobs", () -> new JobWriter(connection, cell, report).write(jobs));
    }

    public void sourceStatus(List<SourceOutcome> outcomes) {
        write("source-status", () -> new SourceStatusWriter(connection, cell).write(outcomes));
    }

    /** What is stored for the cell once this commit's parts are written, counted: what its summary judges. */
    public CellSummaryRows summaryRows() {
        return read("summary", () -> new CellSummaryWriter(connection, cell).read());
    }

    /** Writes the cell's summary: the counts of what is stored for it and the verdict on them; called last. */
    public void summary(CellHealth.Counts counts, CellHealth.Verdict verdict) {
        write("summary", () -> new CellSummaryWriter(connection, cell).write(counts, verdict));
    }

    /**
     * Checks, last, that the cell's lease is still the commit's and will not expire before the server would end a
     * transaction left waiting: the commit either reaches the server within its lease or is rolled back.
     *
     * @throws io.railscope.replica.FencedException otherwise
     */
    public void confirm() {
        write("fence", () -> lease.holds(connection, lease.idleLimit()));
    }

    /** The rows written per table, and whether history was sampled. */
    public CommitReport report() {
        return report;
    }

    @Override
    public void close() {
        try {
            connection.close();
        } catch (SQLException e) {
            throw new StoreException(e.getMessage(), e);
        }
    }

    private void write(String part, SqlWork work) {
        read(part, () -> {
            work.run();
            return null;
        });
    }

    private <T> T read(String part, SqlRead<T> work) {
        long started = System.nanoTime();
        try {
            T value = work.run();
            report.timed(part, (System.nanoTime() - started) / 1_000_000);
            return value;
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

    @FunctionalInterface
    private interface SqlRead<T> {
        T run() throws SQLException, IOException;
    }
}
