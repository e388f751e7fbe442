package io.railscope.assess;

import io.railscope.source.nccl.ContainerLog;
import java.time.Duration;
import java.util.List;

/**
 * A cell's assessed jobs, and the container logs read for the first time (kept so that none is read twice).
 *
 * @param rasLifetime how long a RAS answer speaks for its job: a job not answered yet in this collection (a replica
 *                    that just took the cell has asked and waits) keeps the answer last committed for it, this long
 */
public record JobsState(List<AssessedJob> jobs, List<ContainerLog> newLogs, Duration rasLifetime) {}
