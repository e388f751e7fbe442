package io.railscope.read;

import io.railscope.assess.AttributeSpread;
import java.util.List;
import java.util.Map;

/** One node: inventory, neighbor table, every rail port, each rail's recent history, and what its rails disagree on. */
public record NodeDetail(
        String cell,
        String node,
        String pool,
        List<String> podCidrs,
        Integer maxPods,
        NeighborState neighbors,
        List<PortState> ports,
        Map<Integer, List<PortSample>> historyByRail,
        List<NeighborSample> neighborHistory,
        List<AttributeSpread> railDisagreements) {}
