package io.railscope.store;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.junit.QuarkusTest;
import io.railscope.TestDatabase;
import io.railscope.assess.AssessedJob;
import io.railscope.assess.JobsState;
import io.railscope.collect.CellCollection;
import io.railscope.collect.CollectionCommit;
import io.railscope.model.PortHealth;
import io.railscope.replica.Fence;
import io.railscope.replica.Lease;
import io.railscope.replica.LeaseStore;
import io.railscope.source.nccl.RasStatus;
import jakarta.inject.Inject;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * A replica that takes a cell over asks each running job's RAS service afresh; until it is answered, the job keeps
 * the answer the previous holder committed, so that NcclRanksMissing neither resolves nor fires again because the
 * cell changed hands. An answer older than its lifetime, or of a job whose ranks changed, is not kept.
 */
@QuarkusTest
class HandOverRasTest {

    private static final Duration SAMPLE = Duration.ofMinutes(5);
    private static final Duration LIFETIME = Duration.ofMinutes(2);

    @Inject
    CollectionCommit writer;

    @Inject
    LeaseStore leases;

    @Inject
    TestDatabase db;

    @Test
    void aJobNotAnsweredYetKeepsTheAnswerLastCommittedWhileItLasts() {
        Instant at = Instant.now();
        Fence previous = leases.acquire(Lease.ofCell("handover"), "replica-a", Duration.ofMinutes(1))
                .orElseThrow()
                .fence();
        writer.commit(collection(at, missingTwo(at)), previous, SAMPLE);
        assertThat(missingRanks()).isEqualTo("2");

        leases.release(Lease.ofCell("handover"), "replica-a");
        Fence taken = leases.acquire(Lease.ofCell("handover"), "replica-b", Duration.ofMinutes(1))
                .orElseThrow()
                .fence();
        // the new holder has asked and waits: its first collection has no answer
        writer.commit(collection(at.plusSeconds(5), null), taken, SAMPLE);
        assertThat(missingRanks()).as("kept from the previous holder's commit").isEqualTo("2");

        // no answer for longer than an answer lasts: the old one no longer speaks for the job
        writer.commit(collection(at.plus(LIFETIME).plusSeconds(10), null), taken, SAMPLE);
        assertThat(missingRanks()).isNull();
        leases.release(Lease.ofCell("handover"), "replica-b");
    }

    private static RasStatus missingTwo(Instant at) {
        return new RasStatus(at, "10.0.0.1:28028", null, "2.28.7", List.of(), 2, 0, 0, "2 ranks missing");
    }

    private static CellCollection collection(Instant at, RasStatus ras) {
        CellCollection base = CollectionFixtures.collection("handover", at, List.of("n1"), PortHealth.OK, "team-a");
        JobsState jobs = base.jobs().orElseThrow();
        List<AssessedJob> withRas = jobs.jobs().stream()
                .map(job -> new AssessedJob(job.observation().withRas(ras), job.assessment(), job.baselineGBps()))
                .toList();
        return new CellCollection(
                base.cell(),
                base.simulated(),
                base.at(),
                base.outcomes(),
                base.kubernetes(),
                base.nodeMetrics(),
                Optional.of(new JobsState(withRas, jobs.newLogs(), LIFETIME)));
    }

    private String missingRanks() {
        return db.text("SELECT j.ras ->> 'missingRanks' FROM nccl_job j JOIN cell c ON c.id = j.cell_id"
                + " WHERE c.name = 'handover'");
    }
}
