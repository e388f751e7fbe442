package io.railscope.source.topology;

import java.util.List;

/**
 * Where a node sits in the network, as its labels say.
 *
 * @param switchTiers the switches above the node, nearest first: the one it is cabled to (leaf), then the next tier
 *     (spine), and so on
 * @param acceleratorDomain the accelerator-interconnect (NVLink-type) domain; null when not labelled
 * @param acceleratorSubDomain the part of that domain the node is in; null when not labelled
 * @param zone the availability zone ({@code topology.kubernetes.io/zone}); null when not labelled
 * @param zoneId the provider's zone id (EKS {@code topology.k8s.aws/zone-id}); null when not labelled
 */
public record NodePlacement(
        List<String> switchTiers, String acceleratorDomain, String acceleratorSubDomain, String zone, String zoneId) {

    public NodePlacement {
        switchTiers = List.copyOf(switchTiers);
    }

    /** The switch {@code tier} steps above the node (0: the one it is cabled to), or null when no label names it. */
    public String switchTier(int tier) {
        return tier < switchTiers.size() ? switchTiers.get(tier) : null;
    }
}
