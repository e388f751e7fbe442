package io.railscope.read;

import io.railscope.assess.JobVerdict;
import io.railscope.model.Health;
import io.railscope.model.PortHealth;
import io.railscope.read.JobDetail.BusbwSample;
import io.railscope.read.JobDetail.RankRow;
import io.railscope.source.nccl.NcclJobObservation;
import io.railscope.source.nccl.NcclJobObservation.JobPod;
import io.railscope.source.nccl.NcclWarning;
import io.railscope.source.nccl.RasStatus;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** A cell's jobs as stored, and the rows of one job that its detail is composed from. */
public interface JobRows {

    /** Running jobs first, the unhealthy before the healthy, then recent ones; at most {@code limit}. */
    List<JobSummary> jobs(String cell, int limit);

    /** Running jobs with a rank or a pod on this node. */
    List<JobSummary> onNode(String cell, String node);

    /** Running jobs with a rank on a node whose port of this rail is not OK. */
    List<JobSummary> onUnhealthyRail(String cell, int rail);

    /** The running jobs of every cell, counted by verdict. */
    Map<String, Map<JobVerdict, Long>> runningByVerdict();

    Optional<StoredJob> job(String cell, String namespace, String name);

    /** {@code limit} of the job's ranks from {@code offset}, in rank order. */
    List<RankRow> ranks(int jobId, int offset, int limit);

    /** The job's ranks that reported a bus bandwidth of their own. */
    List<RankBusbw> rankBusbw(int jobId);

    /** The rail ports that are not OK on the nodes of the job's ranks and pods, by node and rail. */
    List<UnhealthyPort> unhealthyPorts(int cellId, int jobId);

    /** Whether the cell has rail port state at all. */
    boolean railsKnown(int cellId);

    /** The neighbor tables over gc_thresh2 on the nodes of the job's ranks and pods, by node and family. */
    List<PressedNeighborTable> pressedNeighborTables(int cellId, int jobId);

    /** The job's bus bandwidth samples of the last {@code days} days, oldest first. */
    List<BusbwSample> busbw(int jobId, int days);

    /** A job's row: its summary and what its detail adds. */
    record StoredJob(
            JobSummary summary,
            List<NcclWarning> warnings,
            List<JobPod> pods,
            int id,
            int cellId,
            NcclJobObservation.Dropped dropped,
            int rankCount,
            RasStatus ras) {}

    /** A rank's own bus bandwidth; {@code node} is empty when no pod of the cell told it (a pushed log). */
    record RankBusbw(int rank, String node, String host, double busbwGBps) {}

    record UnhealthyPort(String node, int rail, String device, PortHealth health, String reason, String leaf) {}

    /** A node's neighbor table of one family; {@code reason} empty when none was given. */
    record PressedNeighborTable(String node, Health health, String reason) {}
}
