package io.railscope.source;

import io.railscope.model.IpFamily;
import java.util.Map;

/**
 * A node's neighbor entries of one family ({@code node_arp_entries} for IPv4; for IPv6 {@code node_ndisc_entries} of a
 * textfile script, else the lnstat collector's {@code ndisc_cache} table size), summed over devices and per device where
 * the source has them, and the kernel's garbage-collection limits, 0 when the node does not export them.
 * {@code wholeTable} when the count is the kernel's whole table (lnstat), entries gc_thresh exempts included.
 */
public record NeighborReading(
        String node,
        int entries,
        int gcThresh1,
        int gcThresh2,
        int gcThresh3,
        Map<String, Integer> entriesByDevice,
        IpFamily family,
        boolean wholeTable) {

    public NeighborReading(
            String node,
            int entries,
            int gcThresh1,
            int gcThresh2,
            int gcThresh3,
            Map<String, Integer> entriesByDevice) {
        this(node, entries, gcThresh1, gcThresh2, gcThresh3, entriesByDevice, IpFamily.IPV4, false);
    }

    public NeighborReading(String node, int entries, int gcThresh1, int gcThresh2, int gcThresh3) {
        this(node, entries, gcThresh1, gcThresh2, gcThresh3, Map.of());
    }
}
