package io.railscope.read;

/**
 * Whether a cell's per-node pod blocks fit what its nodes run, summed over the cell.
 *
 * @param addresses  usable addresses in all nodes' blocks
 * @param maxPods    sum of the nodes' maxPods (capped at their block)
 * @param running    pods with an address
 * @param largestMaxPods the largest maxPods of any node
 */
public record RightSizing(
        long blocks, long addresses, long maxPods, long running, int largestMaxPods, int blockPrefix) {

    /** Share of block addresses no pod could ever use, because maxPods is lower. */
    public double unusableShare() {
        return addresses == 0 ? 0 : 1 - (double) maxPods / addresses;
    }

    /** Share of block addresses unused now. */
    public double idleShare() {
        return addresses == 0 ? 0 : 1 - (double) running / addresses;
    }
}
