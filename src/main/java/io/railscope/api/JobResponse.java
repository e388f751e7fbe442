package io.railscope.api;

import io.railscope.source.NcclJobObservation.JobPod;
import io.railscope.store.JobDetail;
import io.railscope.store.JobDetail.RankRow;
import io.railscope.store.JobSummary;
import java.time.Instant;
import io.railscope.source.nccl.NcclWarning;
import java.util.List;
import java.util.Map;

/**
 * One job: its transport verdict and why, every rank, its pods, and the unhealthy rails under its nodes.
 *
 * @param unhealthyRails by node; null when the cell has no rail health (no node metrics)
 */
public record JobResponse(String namespace, String name, String transport, String verdict, String reason, int nranks, int requestedRails,
        Double busbwGBps, String busbwSource, Double baselineGBps, boolean running, Instant firstSeen, Instant lastSeen, List<NcclWarning> warnings,
        List<RankRow> ranks, List<JobPod> pods, Map<String, List<String>> unhealthyRails) {

    static JobResponse of(JobDetail detail) {
        JobSummary job = detail.job();
        return new JobResponse(job.namespace(), job.name(), job.transport(), job.verdict(), job.reason(), job.nranks(), job.requestedRails(),
                job.busbwGBps(), job.busbwSource(), job.baselineGBps(), job.running(), job.firstSeen(), job.lastSeen(), detail.warnings(),
                detail.ranks(), detail.pods(), detail.railsKnown() ? detail.unhealthyRails() : null);
    }
}
