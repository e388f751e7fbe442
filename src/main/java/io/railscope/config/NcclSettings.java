package io.railscope.config;

import java.time.Duration;
import java.util.List;
import java.util.OptionalDouble;

/**
 * How a cell's training jobs are found and their NCCL logs read.
 *
 * @param jobLabels        pod labels that name a pod's job, tried in order
 * @param logMaxBytes      bytes of a container's log read at most (NCCL prints its network at init, near the start)
 * @param logParallelism   log reads at the same time in this cell
 * @param logAfter         how long a container runs before its log is read (a finished one is read at once)
 * @param pushMaxBytes     the largest pushed log accepted
 * @param busbwBaselineGBps the bus bandwidth a healthy job reaches here; when absent it is learned from the cell's RDMA OK jobs of the same size
 * @param busbwTolerance   the fraction of the baseline under which a job is degraded
 */
public record NcclSettings(List<String> jobLabels, int logMaxBytes, int logParallelism, Duration logAfter, int pushMaxBytes,
        OptionalDouble busbwBaselineGBps, double busbwTolerance) {

    public static final List<String> DEFAULT_JOB_LABELS = List.of(CellConfig.Nccl.DEFAULT_JOB_LABELS.split(","));

    public NcclSettings {
        jobLabels = List.copyOf(jobLabels);
    }

    public static NcclSettings defaults() {
        return new NcclSettings(DEFAULT_JOB_LABELS, 4 << 20, 8, Duration.ofMinutes(1), 8 << 20, OptionalDouble.empty(), 0.7);
    }

    static NcclSettings of(CellConfig.Nccl nccl) {
        return new NcclSettings(nccl.jobLabels(), nccl.logMaxBytes(), nccl.logParallelism(), nccl.logAfter(), nccl.pushMaxBytes(),
                nccl.busbwBaselineGbps().isPresent() ? OptionalDouble.of(nccl.busbwBaselineGbps().get()) : OptionalDouble.empty(),
                nccl.busbwTolerance());
    }
}
