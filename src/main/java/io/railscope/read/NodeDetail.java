package io.railscope.read;

import java.util.List;
import java.util.Map;

/** One node: inventory, neighbor table, every rail port, and each rail's recent history. */
public record NodeDetail(
        String cell,
        String node,
        String pool,
        List<String> podCidrs,
        Integer maxPods,
        NeighborState neighbors,
        List<PortState> ports,
        Map<Integer, List<PortSample>> historyByRail,
        List<NeighborSample> neighborHistory) {}
