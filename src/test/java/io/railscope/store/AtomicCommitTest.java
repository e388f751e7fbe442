package io.railscope.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quarkus.test.junit.QuarkusTest;
import io.railscope.TestDatabase;
import io.railscope.assess.NodeMetricsState;
import io.railscope.assess.PortAssessment;
import io.railscope.collect.CellCollection;
import io.railscope.collect.CollectionLoop;
import io.railscope.collect.Commits;
import io.railscope.model.PortHealth;
import jakarta.inject.Inject;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

@QuarkusTest
class AtomicCommitTest {

    @Inject
    Commits writer;

    @Inject
    CollectionLoop loop;

    @Inject
    TestDatabase db;

    @Test
    void aCollectionThatFailsHalfWayLeavesThePreviousOneWhole() {
        Instant first = Instant.now();
        writer.commit(
                CollectionFixtures.collection("atomic", first, List.of("n1", "n2"), PortHealth.OK, "team-a"),
                Duration.ofMinutes(5));
        long seq = db.number("SELECT collection_seq FROM cell WHERE name = 'atomic'");

        // ports, neighbors and pools of the second collection are written before its job, whose null namespace is
        // refused
        assertThatThrownBy(() -> writer.commit(
                        CollectionFixtures.collection(
                                "atomic", first.plusSeconds(30), List.of("n1", "n2", "n3"), PortHealth.DOWN, null),
                        Duration.ofMinutes(5)))
                .isInstanceOf(RuntimeException.class);

        assertThat(db.number("SELECT collection_seq FROM cell WHERE name = 'atomic'"))
                .isEqualTo(seq);
        assertThat(db.number("SELECT count(*) FROM node n JOIN cell c ON c.id = n.cell_id WHERE c.name = 'atomic'"))
                .isEqualTo(2);
        assertThat(db.number("SELECT count(*) FROM rail_port_state s JOIN cell c ON c.id = s.cell_id"
                        + " WHERE c.name = 'atomic' AND s.health = 'OK'"))
                .isEqualTo(2);
        assertThat(
                        db.number(
                                "SELECT ports_down FROM cell_summary s JOIN cell c ON c.id = s.cell_id WHERE c.name = 'atomic'"))
                .isZero();
    }

    @Test
    void aCommitThatFailsSaysWhichTableRowAndValue() {
        Instant at = Instant.now();
        CellCollection fixture =
                CollectionFixtures.collection("refused", at, List.of("n1", "n2"), PortHealth.OK, "team-a");
        NodeMetricsState metrics = fixture.nodeMetrics().orElseThrow();
        // a state no smallint holds, as a value that skipped the checks where values enter would be
        List<PortAssessment> ports = metrics.ports().stream()
                .map(port -> !port.node().equals("n2")
                        ? port
                        : new PortAssessment(
                                port.node(),
                                port.rail(),
                                port.device(),
                                port.port(),
                                40000,
                                port.physicalStateId(),
                                port.rateGbps(),
                                port.rxBytesPerSecond(),
                                port.txBytesPerSecond(),
                                port.symbolErrorsPerHour(),
                                port.errorsPerSecond(),
                                port.linkDownedIncrease(),
                                port.congestionRatio(),
                                port.health(),
                                port.reason(),
                                Double.NaN,
                                Double.NaN,
                                Double.NaN,
                                Double.NaN))
                .toList();
        CellCollection refused = new CellCollection(
                fixture.cell(),
                fixture.simulated(),
                at,
                fixture.outcomes(),
                fixture.kubernetes(),
                Optional.of(new NodeMetricsState(ports, metrics.neighbors(), metrics.targets(), metrics.isolation())),
                fixture.jobs());

        assertThatThrownBy(() -> writer.commit(refused, Duration.ofMinutes(5)))
                .isInstanceOf(StoreException.class)
                .hasMessageContaining(
                        "rail_port_state, row node n2 rail 1 (mlx5_0 port 1): column state, value \"40000\": ")
                .hasMessageContaining("out of range for type smallint");
    }

    @Test
    void readersNeverSeeTwoCollectionsOfOneCellAtOnce() throws Exception {
        ExecutorService reader = Executors.newSingleThreadExecutor();
        AtomicBoolean collecting = new AtomicBoolean(true);
        try {
            Future<Integer> mixedReads = reader.submit(() -> {
                int mixed = 0;
                int reads = 0;
                while (collecting.get() || reads < 50) {
                    // one statement sees one snapshot: every port, neighbor and the summary must carry the same
                    // collection
                    long distinct = db.number("""
                            SELECT count(DISTINCT seq) FROM (
                                SELECT s.collection_seq AS seq FROM rail_port_state s JOIN cell c ON c.id = s.cell_id WHERE c.name = 'alpha'
                                UNION ALL
                                SELECT s.collection_seq FROM node_neighbor s JOIN cell c ON c.id = s.cell_id WHERE c.name = 'alpha'
                                UNION ALL
                                SELECT s.collection_seq FROM cell_summary s JOIN cell c ON c.id = s.cell_id WHERE c.name = 'alpha') seqs""");
                    if (distinct > 1) {
                        mixed++;
                    }
                    reads++;
                }
                return mixed;
            });
            for (int i = 0; i < 20; i++) {
                loop.collector("alpha").orElseThrow().collect();
            }
            collecting.set(false);
            assertThat(mixedReads.get()).isZero();
        } finally {
            reader.shutdownNow();
        }
    }
}
