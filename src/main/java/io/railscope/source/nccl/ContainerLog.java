package io.railscope.source.nccl;

import java.time.Instant;

/**
 * The NCCL facts of one container run's log, or of one pushed log.
 *
 * @param containerKey what identifies the run: the container ID (a restart has a new one), or {@code push} for a pushed log
 */
public record ContainerLog(
        String namespace,
        String job,
        String pod,
        String container,
        String containerKey,
        String node,
        Instant readAt,
        NcclLogFacts facts) {

    public static final String PUSHED = "push";

    public boolean pushed() {
        return PUSHED.equals(containerKey);
    }
}
