package io.railscope.store;

/** One rail across a cell: its ports and how many are down or degraded, and its mean throughput. */
public record RailSummary(int rail, String device, int ports, int down, int degraded, Double rxBytesPerSecond,
        Double txBytesPerSecond) {
}
