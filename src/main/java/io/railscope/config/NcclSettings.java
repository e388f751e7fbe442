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
 * @param limits           what one job and one pushed log may hold ({@code railscope.nccl.*}, the same in every cell)
 * @param ras              whether and how often running jobs' NCCL RAS service is asked for their status
 */
public record NcclSettings(
        List<String> jobLabels,
        int logMaxBytes,
        int logParallelism,
        Duration logAfter,
        int pushMaxBytes,
        OptionalDouble busbwBaselineGBps,
        double busbwTolerance,
        NcclLimits limits,
        RasSettings ras) {

    public static final List<String> DEFAULT_JOB_LABELS = List.of(CellConfig.Nccl.DEFAULT_JOB_LABELS.split(","));

    public NcclSettings {
        jobLabels = List.copyOf(jobLabels);
    }

    /** These settings, asking RAS as {@code ras} says. */
    public NcclSettings withRas(RasSettings ras) {
        return new NcclSettings(
                jobLabels,
                logMaxBytes,
                logParallelism,
                logAfter,
                pushMaxBytes,
                busbwBaselineGBps,
                busbwTolerance,
                limits,
                ras);
    }

    public static NcclSettings defaults() {
        return defaults(NcclLimits.defaults());
    }

    static NcclSettings defaults(NcclLimits limits) {
        return new NcclSettings(
                DEFAULT_JOB_LABELS,
                4 << 20,
                8,
                Duration.ofMinutes(1),
                8 << 20,
                OptionalDouble.empty(),
                0.7,
                limits,
                RasSettings.OFF);
    }

    static NcclSettings of(CellConfig.Nccl nccl, NcclLimits limits) {
        return new NcclSettings(
                nccl.jobLabels(),
                nccl.logMaxBytes(),
                nccl.logParallelism(),
                nccl.logAfter(),
                nccl.pushMaxBytes(),
                nccl.busbwBaselineGbps().isPresent()
                        ? OptionalDouble.of(nccl.busbwBaselineGbps().get())
                        : OptionalDouble.empty(),
                nccl.busbwTolerance(),
                limits,
                new RasSettings(
                        nccl.ras().enabled(),
                        nccl.ras().interval(),
                        nccl.ras().timeout(),
                        nccl.ras().mode(),
                        nccl.ras().command()));
    }
}
