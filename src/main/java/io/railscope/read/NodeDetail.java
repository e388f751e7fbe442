package io.railscope.read;

import io.railscope.assess.AttributeSpread;
import io.railscope.assess.NeighborAssessment;
import io.railscope.model.IpFamily;
import java.util.List;
import java.util.Map;

/**
 * One node: inventory, its neighbor tables (IPv4 first, then IPv6 where it reports one), every rail port, each rail's
 * recent history, and what its rails disagree on.
 */
public record NodeDetail(
        String cell,
        String node,
        String pool,
        List<String> podCidrs,
        Integer maxPods,
        List<NeighborAssessment> neighborTables,
        List<PortState> ports,
        Map<Integer, List<PortSample>> historyByRail,
        List<NeighborSample> neighborHistory,
        List<AttributeSpread> railDisagreements) {

    /** The IPv4 table, null when the node reports none. */
    public NeighborAssessment neighbors() {
        return table(IpFamily.IPV4);
    }

    /** The IPv6 table, null when the node reports none. */
    public NeighborAssessment ipv6Neighbors() {
        return table(IpFamily.IPV6);
    }

    private NeighborAssessment table(IpFamily family) {
        return neighborTables.stream()
                .filter(table -> table.family() == family)
                .findFirst()
                .orElse(null);
    }

    /** The samples of one family's table. */
    public List<NeighborSample> neighborHistory(IpFamily family) {
        return neighborHistory.stream()
                .filter(sample -> sample.family() == family)
                .toList();
    }
}
