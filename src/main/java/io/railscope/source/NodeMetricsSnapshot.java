package io.railscope.source;

import java.time.Instant;
import java.util.List;

/** Neighbor tables and RDMA port counters of a cell's nodes, read at {@code at}. */
public record NodeMetricsSnapshot(Instant at, List<NeighborReading> neighbors, List<RailPortReading> ports) {
}
