package io.railscope.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quarkus.test.junit.QuarkusTest;
import io.railscope.TestDatabase;
import io.railscope.model.CellKind;
import io.railscope.model.PoolKind;
import io.railscope.source.nccl.BusbwSource;
import jakarta.inject.Inject;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The database holds each state as its enum's stored form, and refuses any other value. */
@QuarkusTest
class StateConstraintsTest {

    private static final String CELL = "state-constraints";

    @Inject
    TestDatabase db;

    private long cellId;

    @BeforeEach
    void cell() {
        db.execute("INSERT INTO cell (name, kind) VALUES (?, 'SIMULATED') ON CONFLICT (name) DO NOTHING", CELL);
        cellId = db.number("SELECT id FROM cell WHERE name = ?", CELL);
    }

    @AfterEach
    void dropCell() {
        db.execute("DELETE FROM cell WHERE name = ?", CELL);
    }

    @Test
    void everyPoolKindIsStoredAndNoOtherIs() {
        for (PoolKind kind : PoolKind.values()) {
            insertPool(kind.name(), kind.label());
            assertThat(PoolKind.fromLabel(
                            db.text("SELECT kind FROM ip_pool WHERE cell_id = ? AND name = ?", cellId, kind.name())))
                    .isEqualTo(kind);
        }
        assertThatThrownBy(() -> insertPool("host-local-pool", "host-local"))
                .hasMessageContaining("ip_pool_kind_check");
        assertThatThrownBy(() -> insertPool("by-name", "NV_IPAM_IPPOOL")).hasMessageContaining("ip_pool_kind_check");
    }

    @Test
    void everyCellKindIsStoredAndNoOtherIs() {
        for (CellKind kind : CellKind.values()) {
            db.execute("UPDATE cell SET kind = ? WHERE id = ?", kind.name(), (int) cellId);
            assertThat(CellKind.valueOf(db.text("SELECT kind FROM cell WHERE id = ?", (int) cellId)))
                    .isEqualTo(kind);
        }
        assertThatThrownBy(() -> db.execute("UPDATE cell SET kind = 'kubernetes' WHERE id = ?", (int) cellId))
                .hasMessageContaining("cell_kind_check");
    }

    @Test
    void everyBusbwSourceIsStoredAndNoOtherIs() {
        for (BusbwSource source : BusbwSource.values()) {
            insertJob(source.name(), source.label());
            assertThat(BusbwSource.fromLabel(db.text(
                            "SELECT busbw_source FROM nccl_job WHERE cell_id = ? AND name = ?",
                            (int) cellId,
                            source.name())))
                    .isEqualTo(source);
        }
        insertJob("not-measured", null);
        assertThatThrownBy(() -> insertJob("by-name", "NCCL_TESTS"))
                .hasMessageContaining("nccl_job_busbw_source_check");
        assertThatThrownBy(() -> insertJob("other-tool", "nccl-perf"))
                .hasMessageContaining("nccl_job_busbw_source_check");
    }

    private void insertJob(String name, String busbwSource) {
        db.execute("""
                INSERT INTO nccl_job (cell_id, namespace, name, verdict, reason, nranks, requested_rails, busbw_source,
                                      running, first_seen, last_seen)
                VALUES (?, 'team-a', ?, 'RDMA_OK', '', 8, 8, ?, true, now(), now())""", (int) cellId, name, busbwSource);
    }

    private void insertPool(String name, String kind) {
        db.execute("""
                INSERT INTO ip_pool (cell_id, name, plane, kind, cidrs, capacity, allocated, blocks_total, blocks_used,
                                     health, collection_seq, sampled_at)
                VALUES (?, ?, 'BACKEND', ?, '{}', 0, 0, 0, 0, 'OK', 0, now())""", (int) cellId, name, kind);
    }
}
