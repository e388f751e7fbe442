package io.railscope.store;

/** A node's neighbor table against its gc_thresh limits. */
public record NeighborState(String node, int entries, int gcThresh1, int gcThresh2, int gcThresh3, double pressure,
        String health, String reason) {
}
