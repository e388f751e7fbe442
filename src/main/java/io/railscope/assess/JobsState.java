package io.railscope.assess;

import io.railscope.source.nccl.ContainerLog;
import java.util.List;

/** A cell's assessed jobs, and the container logs read for the first time (kept so that none is read twice). */
public record JobsState(List<AssessedJob> jobs, List<ContainerLog> newLogs) {}
