package io.railscope.read;

import io.railscope.source.AllocationFailure;
import java.time.Instant;
import java.util.List;

/** What IPAM derivation found wrong in a cell at its last collection. */
public record IpamFindings(
        List<Leak> leaks,
        List<AllocationFailure> failures,
        List<Stuck> stuckPods,
        List<Asymmetry> asymmetricNodes,
        List<Waiting> waitingNodes,
        List<String> problems) {

    public record Leak(String pool, String address, String podref) {}

    public record Stuck(String namespace, String name, String node, Instant since) {}

    public record Asymmetry(String node, String offsets) {}

    /** A node with no block of the pool yet. */
    public record Waiting(String node, String pool, String reason) {}
}
