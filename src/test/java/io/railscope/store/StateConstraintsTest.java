package io.railscope.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quarkus.test.junit.QuarkusTest;
import io.railscope.TestDatabase;
import io.railscope.model.CellKind;
import io.railscope.model.PoolKind;
import io.railscope.source.nccl.BusbwSource;
import jakarta.inject.Inject;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/**
 * The database holds each state as its enum's stored form, and refuses any other value. Each row is written in a
 * transaction of its own, on a cell of its own, and rolled back: the tests beside this one never see it.
 */
@QuarkusTest
class StateConstraintsTest {

    @Inject
    TestDatabase db;

    @Test
    void everyPoolKindIsStoredAndNoOtherIs() {
        for (PoolKind kind : PoolKind.values()) {
            assertThat(PoolKind.fromLabel(stored(kind.label(), "SIMULATED", this::insertPool, "kind", "ip_pool")))
                    .isEqualTo(kind);
        }
        assertThatThrownBy(() -> stored("host-local", "SIMULATED", this::insertPool, "kind", "ip_pool"))
                .hasMessageContaining("ip_pool_kind_check");
        assertThatThrownBy(() -> stored("NV_IPAM_IPPOOL", "SIMULATED", this::insertPool, "kind", "ip_pool"))
                .hasMessageContaining("ip_pool_kind_check");
    }

    @Test
    void everyCellKindIsStoredAndNoOtherIs() {
        for (CellKind kind : CellKind.values()) {
            assertThat(CellKind.valueOf(stored(kind.name(), kind.name(), row -> {}, "kind", "cell")))
                    .isEqualTo(kind);
        }
        assertThatThrownBy(() -> stored("kubernetes", "kubernetes", row -> {}, "kind", "cell"))
                .hasMessageContaining("cell_kind_check");
    }

    @Test
    void everyBusbwSourceIsStoredAndNoOtherIs() {
        for (BusbwSource source : BusbwSource.values()) {
            assertThat(BusbwSource.fromLabel(
                            stored(source.label(), "SIMULATED", this::insertJob, "busbw_source", "nccl_job")))
                    .isEqualTo(source);
        }
        assertThat(stored(null, "SIMULATED", this::insertJob, "busbw_source", "nccl_job"))
                .isNull();
        assertThatThrownBy(() -> stored("NCCL_TESTS", "SIMULATED", this::insertJob, "busbw_source", "nccl_job"))
                .hasMessageContaining("nccl_job_busbw_source_check");
        assertThatThrownBy(() -> stored("nccl-perf", "SIMULATED", this::insertJob, "busbw_source", "nccl_job"))
                .hasMessageContaining("nccl_job_busbw_source_check");
    }

    /** A value to write, the transaction it is written in, and the cell it belongs to. */
    private record Write(Connection connection, int cellId, String value) {}

    /**
     * Writes {@code value} with {@code insert} on a new cell of {@code cellKind}, reads {@code column} of {@code table}
     * back and rolls everything back.
     */
    private String stored(String value, String cellKind, Consumer<Write> insert, String column, String table) {
        try (Connection connection = db.connection()) {
            connection.setAutoCommit(false);
            try {
                int cellId;
                try (PreparedStatement cell = connection.prepareStatement(
                        "INSERT INTO cell (name, kind) VALUES ('state-constraints', ?) RETURNING id")) {
                    cell.setString(1, cellKind);
                    try (ResultSet rs = cell.executeQuery()) {
                        rs.next();
                        cellId = rs.getInt(1);
                    }
                }
                insert.accept(new Write(connection, cellId, value));
                String key = table.equals("cell") ? "id" : "cell_id";
                try (PreparedStatement read =
                        connection.prepareStatement("SELECT " + column + " FROM " + table + " WHERE " + key + " = ?")) {
                    read.setInt(1, cellId);
                    try (ResultSet rs = read.executeQuery()) {
                        rs.next();
                        return rs.getString(1);
                    }
                }
            } finally {
                connection.rollback();
            }
        } catch (SQLException e) {
            throw new IllegalStateException(e.getMessage(), e);
        }
    }

    private void insertPool(Write write) {
        execute(write, """
                INSERT INTO ip_pool (cell_id, name, plane, kind, cidrs, capacity, allocated, blocks_total, blocks_used,
                                     health, collection_seq, sampled_at)
                VALUES (?, 'pool', 'BACKEND', ?, '{}', 0, 0, 0, 0, 'OK', 0, now())""");
    }

    private void insertJob(Write write) {
        execute(write, """
                INSERT INTO nccl_job (cell_id, namespace, name, verdict, reason, nranks, requested_rails, busbw_source,
                                      running, first_seen, last_seen)
                VALUES (?, 'team-a', 'job', 'RDMA_OK', '', 8, 8, ?, true, now(), now())""");
    }

    private static void execute(Write write, String sql) {
        try (PreparedStatement insert = write.connection().prepareStatement(sql)) {
            insert.setInt(1, write.cellId());
            insert.setString(2, write.value());
            insert.executeUpdate();
        } catch (SQLException e) {
            throw new IllegalStateException(e.getMessage(), e);
        }
    }
}
