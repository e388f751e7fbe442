package io.railscope.fabric;

import java.util.List;

/**
 * Unhealthy rail ports blamed on one component, with the evidence in words.
 *
 * @param component the leaf's name, the node's name, {@code rail N}, or {@code node/device} for a link
 * @param rail the rail the component serves; 0 for a node
 * @param explained the unhealthy ports it explains, by node and rail (a port cabled to another rail's leaf is on the
 *     leaf it is cabled to)
 * @param evidence one sentence: what was seen on the component and around it
 */
public record FabricBlame(
        BlameKind kind, String component, int rail, PortSymptom symptom, List<RailPortRef> explained, String evidence) {

    /** A rail port by node and rail. */
    public record RailPortRef(String node, int rail) {}

    /** How many unhealthy ports the blame explains. */
    public int ports() {
        return explained.size();
    }

    /** The nodes of those ports, in name order. */
    public List<String> nodes() {
        return explained.stream().map(RailPortRef::node).distinct().sorted().toList();
    }
}
