package io.railscope.config;

/**
 * What one job and one pushed log may hold, so that no log can make a job's page or API answer unbounded. What is past
 * a limit is dropped and counted, and the job says how much.
 *
 * @param maxRanksPerJob    ranks kept per job, lowest first
 * @param maxWarningsPerJob NCCL warnings kept per job, fatal first
 * @param maxHostsPerPush   distinct hosts one pushed log may bring; ranks of further hosts are dropped
 */
public record NcclLimits(int maxRanksPerJob, int maxWarningsPerJob, int maxHostsPerPush) {

    public static NcclLimits defaults() {
        return new NcclLimits(16_384, 100, 1_024);
    }

    static NcclLimits of(RailscopeConfig.Nccl nccl) {
        return new NcclLimits(nccl.maxRanksPerJob(), nccl.maxWarningsPerJob(), nccl.maxHostsPerPush());
    }
}
