package io.railscope.read;

/** A node's primary pod block: addresses it holds, pods using it, and the node's maxPods. */
public record NodeBlockRow(String node, String pool, String cidr, int capacity, int used, Integer maxPods) {

    public double utilisation() {
        return capacity == 0 ? 0 : (double) used / capacity;
    }
}
