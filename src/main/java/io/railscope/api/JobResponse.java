package io.railscope.api;

import com.fasterxml.jackson.annotation.JsonUnwrapped;
import io.railscope.assess.PeerBlame;
import io.railscope.assess.SlowRanks;
import io.railscope.read.JobDetail;
import io.railscope.read.JobDetail.RankRow;
import io.railscope.read.JobSummary;
import io.railscope.read.TimelineEvent;
import io.railscope.source.nccl.NcclJobObservation.Dropped;
import io.railscope.source.nccl.NcclJobObservation.JobPod;
import io.railscope.source.nccl.NcclWarning;
import io.railscope.source.nccl.RasStatus;
import java.util.List;
import java.util.Map;

/**
 * One job: its summary (verdict and why, size, bandwidth; its fields at the top level), every rank, its pods, and the unhealthy rails under its nodes.
 *
 * @param ranks          one page of the ranks ({@code ?offset=&limit=}, 1,000 by default)
 * @param rankPage       where that page sits among the job's ranks kept
 * @param dropped        what the job's logs held past {@code railscope.nccl.*} and was not kept
 * @param unhealthyRails by node; null when the cell has no rail health (no node metrics)
 * @param suspects       the peers the job's NCCL errors name: pod, node, the rail the error ran over and its state, and
 *                       when it was not OK while the job ran; a peer no pod of the job holds is said so
 * @param slowRanks      the ranks' own bus bandwidth (NCCL Inspector): how many reported one, the median, lowest and
 *                       highest, and the ranks under {@code railscope.nccl.slow-rank-factor} of the median
 * @param ras            what NCCL's RAS service last said (communicators, missing and dead ranks, ranks in error), or
 *                       why it was not asked; null where the cell does not ask ({@code nccl.ras.enabled})
 * @param timeline       its events on one time axis, oldest first: first and last seen, container starts, NCCL log
 *                       reads and what they said, its nodes' rail ports not OK while it ran, what RAS said
 */
public record JobResponse(
        @JsonUnwrapped JobSummary job,
        List<NcclWarning> warnings,
        List<RankRow> ranks,
        RankPage rankPage,
        Dropped dropped,
        List<JobPod> pods,
        Map<String, List<String>> unhealthyRails,
        List<PeerBlame.Suspect> suspects,
        SlowRanks slowRanks,
        RasStatus ras,
        List<TimelineEvent> timeline) {

    /** A page of ranks: its offset and limit, the ranks kept in all, and the offset of the next page (null after the last). */
    public record RankPage(int offset, int limit, int total, Integer next) {}

    static JobResponse of(JobDetail detail, int limit) {
        int next = detail.nextRankOffset();
        return new JobResponse(
                detail.job(),
                detail.warnings(),
                detail.ranks(),
                new RankPage(detail.rankOffset(), limit, detail.rankCount(), next < 0 ? null : next),
                detail.dropped(),
                detail.pods(),
                detail.railsKnown() ? detail.unhealthyRails() : null,
                detail.suspects(),
                detail.slowRanks(),
                detail.ras(),
                detail.timeline());
    }
}
