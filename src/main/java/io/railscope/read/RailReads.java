package io.railscope.read;

import java.time.Duration;
import java.util.List;
import java.util.Optional;

/** Reads of rails and nodes: per-rail health, a rail's ports, a node's ports and history, and the heatmap. */
public interface RailReads {

    List<RailHealth> rails(String cell);

    /** A rail's ports that are not OK first, then the rest by node, at most {@code limit}. */
    List<PortState> railPorts(String cell, int rail, int limit);

    Optional<NodeDetail> node(String cell, String node, Duration historyWindow);

    /** A rail's congestion samples within the window, oldest first. */
    List<RailSample> railHistory(String cell, int rail, Duration window);

    /** How many nodes the cell has: the heatmap lays them out in name order. */
    int nodeCount(String cell);

    /** The node at {@code index} in name order, as the heatmap places it. */
    Optional<String> nodeAt(String cell, int index);

    HeatmapCells heatmap(String cell, int rails);
}
