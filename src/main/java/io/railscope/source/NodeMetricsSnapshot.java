package io.railscope.source;

import java.time.Instant;
import java.util.List;

/**
 * Neighbor tables and RDMA port counters of a cell's nodes, read at {@code at}, with the exporters
 * they came from when they were scraped directly (empty for the simulator and for queries).
 */
public record NodeMetricsSnapshot(Instant at, List<NeighborReading> neighbors, List<RailPortReading> ports, List<ScrapeTarget> targets) {

    public NodeMetricsSnapshot(Instant at, List<NeighborReading> neighbors, List<RailPortReading> ports) {
        this(at, neighbors, ports, List.of());
    }
}
