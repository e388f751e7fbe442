package io.railscope.read;

import io.railscope.model.Health;
import io.railscope.model.IpFamily;
import java.util.Map;

/** A node's neighbor table of one address family against its gc_thresh limits, with the entries of each device. */
public record NeighborState(
        String node,
        int entries,
        int gcThresh1,
        int gcThresh2,
        int gcThresh3,
        double pressure,
        Health health,
        String reason,
        Map<String, Integer> entriesByDevice,
        IpFamily family) {}
