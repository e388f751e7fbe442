package io.railscope.source.nccl;

import java.util.List;

/**
 * The training jobs of a cell whose NCCL transport was observed, and the container logs read for
 * the first time in this collection (kept, so that no log is read twice).
 */
public record NcclSnapshot(List<NcclJobObservation> jobs, List<ContainerLog> newLogs) {

    public NcclSnapshot {
        jobs = List.copyOf(jobs);
        newLogs = List.copyOf(newLogs);
    }
}
