package io.railscope.source;

/**
 * IPv4 neighbor entries of a node ({@code node_arp_entries} summed over devices) and the kernel's
 * garbage-collection limits, 0 when the node does not export them.
 */
public record NeighborReading(String node, int entries, int gcThresh1, int gcThresh2, int gcThresh3) {
}
