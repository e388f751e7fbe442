package io.railscope.read;

import io.railscope.assess.JobVerdict;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** A cell's jobs, and one job with its ranks, pods and the health of the rails its nodes sit on. */
public interface JobReads {

    /** Running jobs first, the unhealthy before the healthy, then recent ones; at most {@code limit}. */
    List<JobSummary> jobs(String cell, int limit);

    /** Running jobs with a rank or a pod on this node. */
    List<JobSummary> onNode(String cell, String node);

    /** Running jobs with a rank on a node whose port of this rail is not OK. */
    List<JobSummary> onUnhealthyRail(String cell, int rail);

    /** One job with {@code rankLimit} of its ranks from {@code rankOffset} (in rank order). */
    Optional<JobDetail> job(String cell, String namespace, String name, int rankOffset, int rankLimit);

    /** The running jobs of every cell, counted by verdict. */
    Map<String, Map<JobVerdict, Long>> runningByVerdict();
}
