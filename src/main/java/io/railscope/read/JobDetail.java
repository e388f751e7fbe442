package io.railscope.read;

import io.railscope.assess.JobVerdict;
import io.railscope.assess.PeerBlame;
import io.railscope.assess.SlowRanks;
import io.railscope.source.nccl.NcclJobObservation;
import io.railscope.source.nccl.NcclJobObservation.JobPod;
import io.railscope.source.nccl.NcclWarning;
import io.railscope.source.nccl.RasStatus;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * One job with every rank, its pods as the cluster has them, and which of its nodes sit on unhealthy rails.
 *
 * @param pods           the pods as recorded at the last collection
 * @param unhealthyRails by node: its rail ports that are not OK, as {@code rail 3 (mlx5_2) DOWN: reason, on leaf X}
 *     (the leaf where the cable is known)
 * @param railsKnown     the cell has rail port state at all (from node metrics); when false rail health is unknown
 * @param neighborPressure by node: the job's nodes whose neighbor table is over gc_thresh2, with the reason
 * @param ranks          one page of the ranks, from {@code rankOffset}
 * @param rankCount      all ranks kept of the job
 * @param dropped        what the job's logs held past the limits and was not kept
 * @param suspects       the peers its NCCL errors name, as pods, nodes and rails, with their rails' state
 * @param slowRanks      its ranks' own bus bandwidth against the job's median, and the slow ones
 * @param ras            what NCCL's RAS service last said of the job, or why it was not asked; null when not asked
 * @param timeline       its events on one time axis, oldest first
 */
public record JobDetail(
        JobSummary job,
        List<NcclWarning> warnings,
        List<RankRow> ranks,
        List<JobPod> pods,
        Map<String, List<String>> unhealthyRails,
        boolean railsKnown,
        Map<String, String> neighborPressure,
        List<BusbwSample> busbwHistory,
        int rankOffset,
        int rankCount,
        NcclJobObservation.Dropped dropped,
        List<PeerBlame.Suspect> suspects,
        SlowRanks slowRanks,
        RasStatus ras,
        List<TimelineEvent> timeline) {

    /** The offset of the previous page of {@code limit} ranks, or -1 when this is the first. */
    public int previousRankOffset(int limit) {
        return rankOffset == 0 ? -1 : Math.max(0, rankOffset - limit);
    }

    /** The position (from 1) of the first rank of this page. */
    public int firstRankShown() {
        return rankOffset + 1;
    }

    /** The position (from 1) of the last rank of this page. */
    public int lastRankShown() {
        return rankOffset + ranks.size();
    }

    /** The offset of the next page of ranks, or -1 when this is the last. */
    public int nextRankOffset() {
        return rankOffset + ranks.size() < rankCount && !ranks.isEmpty() ? rankOffset + ranks.size() : -1;
    }

    /** The job's bus bandwidth at one time. */
    public record BusbwSample(Instant at, double busbwGBps) {}

    /** Pods that asked for rails but got no backend interface. */
    public List<JobPod> podsWithoutBackend() {
        return pods.stream()
                .filter(pod ->
                        pod.requestedRails() > 0 && pod.backendInterfaces().isEmpty())
                .toList();
    }

    /** One rank as stored. */
    public record RankRow(
            int rank,
            String pod,
            String node,
            String host,
            String ncclVersion,
            String network,
            List<String> hcas,
            String linkLayer,
            Boolean gdr,
            Map<String, Integer> channels,
            boolean initComplete,
            boolean noDevice,
            List<String> socketInterfaces,
            String plugin,
            JobVerdict verdict,
            String reason,
            Double busbwGBps) {}
}
