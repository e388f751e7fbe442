package io.railscope.collect;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.quarkus.scheduler.Scheduler;
import io.quarkus.test.junit.QuarkusTest;
import io.railscope.TestDatabase;
import io.railscope.model.Fault;
import io.railscope.source.sim.SimulatedFleet;
import jakarta.inject.Inject;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The test profile runs two simulated cells: alpha (16 nodes, a rail down, a neighbor table over
 * gc_thresh2, a job on sockets) and bravo (8 nodes, 4 rails at 200G, healthy).
 */
@QuarkusTest
class CollectionLoopTest {

    @Inject
    CollectionLoop loop;

    @Inject
    SimulatedFleet simulated;

    @Inject
    TestDatabase db;

    @Inject
    Scheduler scheduler;

    @AfterEach
    void clearFaults() {
        simulated.cell("bravo").orElseThrow().clear(Fault.METRICS_SOURCE_ERROR);
        simulated.cell("bravo").orElseThrow().clear(Fault.METRICS_SOURCE_HANG);
    }

    @Test
    void injectedFaultsMakeTheCellUnhealthyWithReasons() {
        loop.collector("alpha").orElseThrow().collect();
        loop.collector("alpha").orElseThrow().collect();
        assertThat(summary("nodes", "alpha")).isEqualTo(16);
        assertThat(summary("rail_ports", "alpha")).isEqualTo(128);
        assertThat(summary("ports_down", "alpha")).isEqualTo(1);
        assertThat(summary("neighbor_warning", "alpha")).isEqualTo(1);
        assertThat(summary("neighbor_critical", "alpha")).isEqualTo(1);
        assertThat(summary("jobs_degraded", "alpha")).isEqualTo(1);
        assertThat(db.text(
                        "SELECT s.health FROM cell_summary s JOIN cell c ON c.id = s.cell_id WHERE c.name = 'alpha'"))
                .isEqualTo("CRITICAL");
        assertThat(db.text("SELECT array_to_string(reasons, '|') FROM cell_summary s JOIN cell c ON c.id = s.cell_id"
                        + " WHERE c.name = 'alpha'"))
                .contains("1 rail port down", "1 node over gc_thresh2", "1 job not proven on RDMA");
    }

    @Test
    void cellConfigurationShapesTheRails() {
        loop.collector("bravo").orElseThrow().collect();
        loop.collector("bravo").orElseThrow().collect();
        assertThat(summary("rail_ports", "bravo")).isEqualTo(8 * 4);
        assertThat(
                        db.number(
                                "SELECT count(DISTINCT rail) FROM rail_port rp JOIN cell c ON c.id = rp.cell_id WHERE c.name = 'bravo'"))
                .isEqualTo(4);
        assertThat(db.number("SELECT count(*) FROM rail_port_state s JOIN cell c ON c.id = s.cell_id"
                        + " WHERE c.name = 'bravo' AND s.health = 'OK' AND s.rate_gbps = 200"))
                .isEqualTo(32);
    }

    @Test
    void failingSourceIsMarkedWithItsErrorAndItsLastDataStays() {
        CellCollector bravo = loop.collector("bravo").orElseThrow();
        bravo.collect();
        long portsBefore = statesOf("bravo");
        assertThat(portsBefore).isEqualTo(32);

        simulated.cell("bravo").orElseThrow().inject(Fault.METRICS_SOURCE_ERROR);
        bravo.collect();

        assertThat(sourceError("bravo", "node-metrics")).contains("HTTP 503");
        assertThat(sourceError("bravo", "kubernetes")).isNull();
        assertThat(statesOf("bravo")).isEqualTo(portsBefore);
        assertThat(db.text("SELECT array_to_string(reasons, '|') FROM cell_summary s JOIN cell c ON c.id = s.cell_id"
                        + " WHERE c.name = 'bravo'"))
                .contains("node-metrics source failing");
        assertThat(db.number("SELECT consecutive_failures FROM source_status s JOIN cell c ON c.id = s.cell_id"
                        + " WHERE c.name = 'bravo' AND s.source = 'node-metrics'"))
                .isGreaterThanOrEqualTo(1);

        simulated.cell("bravo").orElseThrow().clear(Fault.METRICS_SOURCE_ERROR);
        bravo.collect();
        assertThat(sourceError("bravo", "node-metrics")).isNull();
    }

    @Test
    void hangingSourceTimesOutWhileOtherCellsKeepCollecting() {
        CellCollector bravo = loop.collector("bravo").orElseThrow();
        simulated.cell("bravo").orElseThrow().inject(Fault.METRICS_SOURCE_HANG);
        long alphaBefore = collectionSeq("alpha");

        Thread hung = new Thread(bravo::collect);
        hung.start();
        // alpha is collected by the scheduler every second while bravo's metrics hang (the tests keep the jobs paused
        // otherwise: railscope.collect.scheduled=false)
        scheduler.resume(CollectionLoop.jobName("alpha"));
        try {
            await().atMost(Duration.ofSeconds(10)).until(() -> collectionSeq("alpha") >= alphaBefore + 2);
        } finally {
            scheduler.pause(CollectionLoop.jobName("alpha"));
        }
        await().atMost(Duration.ofSeconds(10)).until(() -> !hung.isAlive());

        assertThat(sourceError("bravo", "node-metrics")).startsWith("timed out after");
        assertThat(sourceError("bravo", "kubernetes")).isNull();
    }

    private long summary(String column, String cell) {
        return db.number(
                "SELECT s." + column + " FROM cell_summary s JOIN cell c ON c.id = s.cell_id WHERE c.name = ?", cell);
    }

    private long statesOf(String cell) {
        return db.number(
                "SELECT count(*) FROM rail_port_state s JOIN cell c ON c.id = s.cell_id WHERE c.name = ?", cell);
    }

    private long collectionSeq(String cell) {
        return db.number("SELECT collection_seq FROM cell WHERE name = ?", cell);
    }

    private String sourceError(String cell, String source) {
        return db.text(
                "SELECT s.error FROM source_status s JOIN cell c ON c.id = s.cell_id WHERE c.name = ? AND s.source = ?",
                cell,
                source);
    }
}
