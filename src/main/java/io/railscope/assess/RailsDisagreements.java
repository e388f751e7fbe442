package io.railscope.assess;

import io.railscope.source.PortAttributes;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Finds the nodes of a collection whose rails disagree, from each rail port's state, rate and attributes. A node whose
 * ports all report the same is passed over without comparing attribute by attribute, as nearly every node is.
 */
public final class RailsDisagreements {

    private record Port(int rail, int stateId, double rateGbps, PortAttributes attributes) {

        /** The rate as compared: whole Gb/s while ACTIVE, else none. */
        long rateKey() {
            return RailAttribute.rateKnown(stateId, rateGbps) ? Math.round(rateGbps) : -1;
        }

        boolean sameAs(Port other) {
            return attributes.equals(other.attributes) && rateKey() == other.rateKey();
        }
    }

    private final Map<String, List<Port>> byNode = new LinkedHashMap<>();

    public void add(String node, int rail, int stateId, double rateGbps, PortAttributes attributes) {
        byNode.computeIfAbsent(node, key -> new ArrayList<>(8)).add(new Port(rail, stateId, rateGbps, attributes));
    }

    public List<RailsDisagreement> find() {
        List<RailsDisagreement> found = new ArrayList<>();
        for (Map.Entry<String, List<Port>> node : byNode.entrySet()) {
            List<Port> ports = node.getValue();
            if (ports.stream().allMatch(port -> port.sameAs(ports.get(0)))) {
                continue;
            }
            List<Homogeneity.Member> rails = new ArrayList<>(ports.size());
            for (Port port : ports) {
                rails.add(new Homogeneity.Member(
                        "rail " + port.rail(),
                        RailAttribute.values(port.stateId(), port.rateGbps(), port.attributes())));
            }
            List<AttributeSpread> disagreements = Homogeneity.disagreements(rails);
            if (!disagreements.isEmpty()) {
                found.add(new RailsDisagreement(node.getKey(), disagreements));
            }
        }
        return found;
    }
}
