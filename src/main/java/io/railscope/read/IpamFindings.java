package io.railscope.read;

import io.railscope.model.AllocationFailureKind;
import java.time.Instant;
import java.util.List;

/** What IPAM derivation found wrong in a cell at its last collection. */
public record IpamFindings(
        List<Leak> leaks,
        List<Failure> failures,
        List<Stuck> stuckPods,
        List<Asymmetry> asymmetricNodes,
        List<Waiting> waitingNodes,
        List<String> problems) {

    public record Leak(String pool, String address, String podref) {}

    public record Failure(
            String reason,
            String object,
            String node,
            String pool,
            String message,
            int count,
            Instant lastSeen,
            AllocationFailureKind kind) {}

    public record Stuck(String namespace, String name, String node, Instant since) {}

    public record Asymmetry(String node, String offsets) {}

    /** A node with no block of the pool yet. */
    public record Waiting(String node, String pool, String reason) {}
}
