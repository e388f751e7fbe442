package io.railscope.source.nccl;

import java.time.Duration;

/** How a job's RAS service is reached: over TCP at its pod's address ({@link #TCP}), or through the pod. */
@FunctionalInterface
public interface RasQuerier {

    RasQuerier TCP = (where, timeout) -> RasClient.status(where.address(), timeout);

    RasClient.Answer status(RasTarget.Where where, Duration timeout) throws RasClient.RasException;
}
