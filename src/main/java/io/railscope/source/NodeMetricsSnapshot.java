package io.railscope.source;

import java.time.Instant;
import java.util.List;

/**
 * Neighbor tables and RDMA port counters of a cell's nodes, read at {@code at}, with the exporters
 * they came from when they were scraped directly (empty for the simulator and for queries), and the
 * RDMA netns mode of the nodes that report it.
 */
public record NodeMetricsSnapshot(Instant at, List<NeighborReading> neighbors, List<RailPortReading> ports, List<ScrapeTarget> targets,
        RdmaNetnsReport rdmaNetns) {

    public NodeMetricsSnapshot(Instant at, List<NeighborReading> neighbors, List<RailPortReading> ports) {
        this(at, neighbors, ports, List.of(), RdmaNetnsReport.NONE);
    }
}
