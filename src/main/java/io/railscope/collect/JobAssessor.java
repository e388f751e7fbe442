package io.railscope.collect;

import io.railscope.assess.AssessedJob;
import io.railscope.assess.JobAssessment;
import io.railscope.assess.JobBaseline;
import io.railscope.assess.JobsState;
import io.railscope.config.NcclSettings;
import io.railscope.source.nccl.NcclJobObservation;
import io.railscope.source.nccl.NcclSnapshot;
import io.railscope.store.JobBusbwSamples;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;

/** Assesses a cell's jobs against its busbw baseline: configured, or learned from its RDMA OK jobs of the same size. */
final class JobAssessor {

    private final String cell;
    private final NcclSettings settings;
    private final JobBusbwSamples baselines;

    JobAssessor(String cell, NcclSettings settings, JobBusbwSamples baselines) {
        this.cell = cell;
        this.settings = settings;
        this.baselines = baselines;
    }

    JobsState assess(NcclSnapshot snapshot) {
        Map<Integer, Double> learned =
                settings.busbwBaselineGBps().isPresent() || snapshot.jobs().isEmpty()
                        ? Map.of()
                        : JobBaseline.learned(baselines.rdmaOk(cell));
        List<AssessedJob> jobs =
                snapshot.jobs().stream().map(job -> assess(job, learned)).toList();
        return new JobsState(jobs, snapshot.newLogs(), settings.ras().answerLifetime());
    }

    private AssessedJob assess(NcclJobObservation job, Map<Integer, Double> learned) {
        OptionalDouble baseline = settings.busbwBaselineGBps().isPresent()
                ? settings.busbwBaselineGBps()
                : learned.containsKey(job.nranks())
                        ? OptionalDouble.of(learned.get(job.nranks()))
                        : OptionalDouble.empty();
        return new AssessedJob(
                job,
                JobAssessment.of(job, baseline, settings.busbwTolerance()),
                baseline.isPresent() ? baseline.getAsDouble() : null);
    }
}
