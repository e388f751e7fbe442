package io.railscope.source;

import java.util.List;
import java.util.Map;

/**
 * A node of the cell: its pool label, per-node pod CIDRs, kubelet maxPods, labels and the cloud's name for its machine
 * ({@code spec.providerID}, null when unset).
 */
public record NodeInfo(
        String name, String pool, List<String> podCidrs, int maxPods, Map<String, String> labels, String providerId) {

    public NodeInfo(String name, String pool, List<String> podCidrs, int maxPods, Map<String, String> labels) {
        this(name, pool, podCidrs, maxPods, labels, null);
    }
}
