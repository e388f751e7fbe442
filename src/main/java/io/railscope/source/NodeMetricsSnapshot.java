package io.railscope.source;

import java.time.Instant;
import java.util.List;

/**
 * Neighbor tables and RDMA port counters of a cell's nodes, read at {@code at}, with the exporters
 * they came from when they were scraped directly (empty for the simulator and for queries), the
 * RDMA netns mode of the nodes that report it, and the {@code problems} met on the way that did not
 * fail the source: values out of range (each with its series), malformed lines, each said once; and the switch port
 * each rail port's cable leads to, where the node's LLDP agent heard one, and the links between switches, where a source
 * states them.
 */
public record NodeMetricsSnapshot(
        Instant at,
        List<NeighborReading> neighbors,
        List<RailPortReading> ports,
        List<ScrapeTarget> targets,
        RdmaNetnsReport rdmaNetns,
        List<String> problems,
        List<PortPeer> peers,
        List<SwitchUplink> uplinks)
        implements SourceProblems {

    public NodeMetricsSnapshot(
            Instant at,
            List<NeighborReading> neighbors,
            List<RailPortReading> ports,
            List<ScrapeTarget> targets,
            RdmaNetnsReport rdmaNetns) {
        this(at, neighbors, ports, targets, rdmaNetns, List.of(), List.of(), List.of());
    }

    public NodeMetricsSnapshot(Instant at, List<NeighborReading> neighbors, List<RailPortReading> ports) {
        this(at, neighbors, ports, List.of(), RdmaNetnsReport.NONE);
    }
}
