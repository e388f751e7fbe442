package io.railscope.source;

import io.railscope.model.AllocationFailureKind;
import java.time.Instant;

/**
 * An event saying an address or a block could not be allocated.
 *
 * @param reason the event reason: FailedCreatePodSandBox, CIDRNotAvailable, NoFreeRanges, NoFreePrefixes, or
 *               CiliumOperatorError for a CiliumNode's operator status
 * @param object the pod, node or pool the event is about, as namespace/name or name
 * @param node   the node concerned, when known
 * @param pool   the pool concerned, when known
 * @param count  how many times it happened
 * @param kind   what ran out, as the message says
 */
public record AllocationFailure(
        String reason,
        String object,
        String node,
        String pool,
        String message,
        int count,
        Instant lastSeen,
        AllocationFailureKind kind) {}
