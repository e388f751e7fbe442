package io.railscope.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quarkus.test.junit.QuarkusTest;
import io.railscope.TestDatabase;
import io.railscope.collect.CollectionCommit;
import io.railscope.model.PortHealth;
import io.railscope.replica.Fence;
import io.railscope.replica.FencedException;
import io.railscope.replica.Lease;
import io.railscope.replica.LeaseStore;
import io.railscope.replica.Replicas;
import jakarta.inject.Inject;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A commit is made under its cell's lease, and refused once the lease has passed to another holder. */
@QuarkusTest
class FencedCommitTest {

    private static final Duration SAMPLE = Duration.ofMinutes(5);

    @Inject
    CollectionCommit writer;

    @Inject
    LeaseStore leases;

    @Inject
    TestDatabase db;

    @Inject
    Replicas replicas;

    @Test
    void aCommitUnderAnOlderEpochIsRefusedAndChangesNothing() {
        String lease = Lease.ofCell("fenced");
        Fence first = leases.acquire(lease, "replica-a", Duration.ofMinutes(1))
                .orElseThrow()
                .fence();
        Instant at = Instant.now();
        writer.commit(
                CollectionFixtures.collection("fenced", at, List.of("n1"), PortHealth.OK, "team-a"), first, SAMPLE);
        long seq = db.number("SELECT collection_seq FROM cell WHERE name = 'fenced'");

        // replica-a pauses; its lease passes to replica-b
        leases.release(lease, "replica-a");
        Fence second = leases.acquire(lease, "replica-b", Duration.ofMinutes(1))
                .orElseThrow()
                .fence();
        assertThat(second.epoch()).isEqualTo(first.epoch() + 1);

        // replica-a wakes up and commits what it collected before the pause
        assertThatThrownBy(() -> writer.commit(
                        CollectionFixtures.collection(
                                "fenced", at.plusSeconds(30), List.of("n1", "n2"), PortHealth.DOWN, "team-a"),
                        first,
                        SAMPLE))
                .isInstanceOf(FencedException.class)
                .hasMessageContaining("replica-a at epoch " + first.epoch())
                .hasMessageContaining("now replica-b at epoch " + second.epoch());
        assertThat(db.number("SELECT collection_seq FROM cell WHERE name = 'fenced'"))
                .isEqualTo(seq);
        assertThat(db.number("SELECT count(*) FROM node n JOIN cell c ON c.id = n.cell_id WHERE c.name = 'fenced'"))
                .isEqualTo(1);

        writer.commit(
                CollectionFixtures.collection(
                        "fenced", at.plusSeconds(31), List.of("n1", "n2"), PortHealth.OK, "team-a"),
                second,
                SAMPLE);
        assertThat(db.number("SELECT collection_seq FROM cell WHERE name = 'fenced'"))
                .isEqualTo(seq + 1);
        leases.release(lease, "replica-b");
    }

    @Test
    void aCommitWhoseLeaseExpiredIsRefusedThoughNobodyTookIt() throws InterruptedException {
        String lease = Lease.ofCell("lapsed");
        Fence fence = leases.acquire(lease, "replica-a", Duration.ofMillis(500))
                .orElseThrow()
                .fence();
        // the replica pauses past its lease; no other replica is there to take the cell
        Thread.sleep(700);
        assertThatThrownBy(() -> writer.commit(
                        CollectionFixtures.collection("lapsed", Instant.now(), List.of("n1"), PortHealth.OK, "team-a"),
                        fence,
                        SAMPLE))
                .isInstanceOf(FencedException.class)
                .hasMessageContaining("expired at");
        assertThat(db.number("SELECT count(*) FROM cell WHERE name = 'lapsed'")).isZero();
    }

    @Test
    void aCommitWhoseLeaseWouldLapseBeforeAPausedCommitIsCutOffIsRefusedAtItsEnd() {
        // begun with its lease running, it ends with less of it left than the server waits for an idle transaction
        // (one heartbeat interval): a pause between its last check and COMMIT could land it after the lease
        String lease = Lease.ofCell("short");
        Fence fence = leases.acquire(
                        lease, "replica-a", replicas.heartbeatInterval().dividedBy(2))
                .orElseThrow()
                .fence();
        assertThatThrownBy(() -> writer.commit(
                        CollectionFixtures.collection("short", Instant.now(), List.of("n1"), PortHealth.OK, "team-a"),
                        fence,
                        SAMPLE))
                .isInstanceOf(FencedException.class)
                .hasMessageContaining("within the");
        assertThat(db.number("SELECT count(*) FROM cell WHERE name = 'short'"))
                .as("nothing of the commit stays")
                .isZero();
    }

    @Test
    void aCommitWithoutAnyLeaseIsRefused() {
        assertThatThrownBy(() -> writer.commit(
                        CollectionFixtures.collection(
                                "unleased", Instant.now(), List.of("n1"), PortHealth.OK, "team-a"),
                        new Fence(Lease.ofCell("unleased"), "replica-a", 1),
                        SAMPLE))
                .isInstanceOf(FencedException.class);
        assertThat(db.number("SELECT count(*) FROM cell WHERE name = 'unleased'"))
                .isZero();
    }
}
