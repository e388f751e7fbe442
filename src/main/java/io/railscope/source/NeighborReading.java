package io.railscope.source;

import java.util.Map;

/**
 * IPv4 neighbor entries of a node ({@code node_arp_entries} summed over devices, and per device) and
 * the kernel's garbage-collection limits, 0 when the node does not export them.
 */
public record NeighborReading(
        String node, int entries, int gcThresh1, int gcThresh2, int gcThresh3, Map<String, Integer> entriesByDevice) {

    public NeighborReading(String node, int entries, int gcThresh1, int gcThresh2, int gcThresh3) {
        this(node, entries, gcThresh1, gcThresh2, gcThresh3, Map.of());
    }
}
