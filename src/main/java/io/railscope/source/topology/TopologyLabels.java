package io.railscope.source.topology;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads a node's place in the switch tree from its labels. Keys, the configured ones first:
 *
 * <ul>
 *   <li>configured: an ordered list of label keys, nearest tier first (Topograph's Helm chart lets
 *       {@code topologyNodeLabels} rename its keys); when the node carries any of them they decide the tiers;
 *   <li>Topograph v1.0: {@code fabric.topograph.run/tier-N}, N from 0 nearest the node, any depth;
 *       {@code accelerator.topograph.run/domain} and {@code /sub-domain};
 *   <li>Topograph v0.3–v0.5: {@code network.topology.nvidia.com/leaf}, {@code /spine}, {@code /core};
 *   <li>Topograph v0.1: {@code network.topology.nvidia.com/block} (the switch the node is attached to, not an NVLink
 *       block), {@code /spine}, {@code /datacenter}; both v0.x put the NVLink domain in {@code /accelerator};
 *   <li>EKS: {@code topology.k8s.aws/network-node-layer-N}, layer 1 the top and the highest present the bottom (the
 *       network node attached to the instance), so nearest first is the highest layer first.
 * </ul>
 *
 * <p>The tiers a node's labels name must run from its nearest switch without a gap: a node labelled with tier 2 and
 * not tier 1 is refused, since every tier past the gap would be taken a step too near. A tier or domain value must be a
 * Kubernetes label value. An empty value counts as absent.
 */
public final class TopologyLabels {

    static final String TOPOGRAPH_TIER = "fabric.topograph.run/tier-";
    static final String TOPOGRAPH_DOMAIN = "accelerator.topograph.run/domain";
    static final String TOPOGRAPH_SUB_DOMAIN = "accelerator.topograph.run/sub-domain";
    static final String NVIDIA = "network.topology.nvidia.com/";
    static final String EKS_LAYER = "topology.k8s.aws/network-node-layer-";
    static final String ZONE = "topology.kubernetes.io/zone";
    static final String EKS_ZONE_ID = "topology.k8s.aws/zone-id";

    private static final List<String> TOPOGRAPH_V05 = List.of(NVIDIA + "leaf", NVIDIA + "spine", NVIDIA + "core");
    private static final List<String> TOPOGRAPH_V01 =
            List.of(NVIDIA + "block", NVIDIA + "spine", NVIDIA + "datacenter");
    private static final Pattern NUMBER = Pattern.compile("0|[1-9][0-9]{0,5}");
    private static final Pattern LABEL_VALUE = Pattern.compile("[A-Za-z0-9]([-A-Za-z0-9_.]{0,61}[A-Za-z0-9])?");

    private final List<String> configuredKeys;

    /** Reads the built-in keys, and before them {@code configuredKeys} (nearest tier first; may be empty). */
    public TopologyLabels(List<String> configuredKeys) {
        this.configuredKeys = List.copyOf(configuredKeys);
    }

    /**
     * Where the node whose labels are {@code labels} sits; empty when they name no switch tier and no accelerator
     * domain. {@code source} names the node (or object) in the message of a refusal.
     *
     * @throws TopologyFormatException when the tiers have a gap or a value is not a label value
     */
    public Optional<NodePlacement> placement(String source, Map<String, String> labels) {
        List<String> tiers = tiers(source, labels);
        String domain = value(source, labels, TOPOGRAPH_DOMAIN);
        String subDomain = value(source, labels, TOPOGRAPH_SUB_DOMAIN);
        if (domain == null) {
            domain = value(source, labels, NVIDIA + "accelerator");
        }
        if (tiers.isEmpty() && domain == null && subDomain == null) {
            return Optional.empty();
        }
        return Optional.of(new NodePlacement(
                tiers, domain, subDomain, value(source, labels, ZONE), value(source, labels, EKS_ZONE_ID)));
    }

    private List<String> tiers(String source, Map<String, String> labels) {
        if (configuredKeys.stream().anyMatch(key -> value(source, labels, key) != null)) {
            return named(source, labels, configuredKeys);
        }
        TreeMap<Integer, String> topograph = numbered(source, labels, TOPOGRAPH_TIER, 0);
        if (!topograph.isEmpty()) {
            return new ArrayList<>(topograph.values());
        }
        if (value(source, labels, NVIDIA + "leaf") != null || value(source, labels, NVIDIA + "core") != null) {
            return named(source, labels, TOPOGRAPH_V05);
        }
        if (value(source, labels, NVIDIA + "block") != null
                || value(source, labels, NVIDIA + "datacenter") != null
                || value(source, labels, NVIDIA + "spine") != null) {
            return named(source, labels, TOPOGRAPH_V01);
        }
        TreeMap<Integer, String> eks = numbered(source, labels, EKS_LAYER, 1);
        return new ArrayList<>(eks.descendingMap().values());
    }

    /** The values of {@code keys}, nearest first, up to the last the node carries; a gap before it is refused. */
    private static List<String> named(String source, Map<String, String> labels, List<String> keys) {
        List<String> tiers = new ArrayList<>();
        String missing = null;
        for (String key : keys) {
            String value = value(source, labels, key);
            if (value == null) {
                missing = missing == null ? key : missing;
            } else if (missing != null) {
                throw new TopologyFormatException(
                        source, "label " + key, "names a switch tier beyond one it does not name (" + missing + ")");
            } else {
                tiers.add(value);
            }
        }
        return tiers;
    }

    /** The values of {@code <prefix><N>} by N, which must run from {@code first} without a gap. */
    private static TreeMap<Integer, String> numbered(
            String source, Map<String, String> labels, String prefix, int first) {
        TreeMap<Integer, String> tiers = new TreeMap<>();
        for (Map.Entry<String, String> label : labels.entrySet()) {
            if (!label.getKey().startsWith(prefix)) {
                continue;
            }
            Matcher number = NUMBER.matcher(label.getKey().substring(prefix.length()));
            if (!number.matches() || Integer.parseInt(number.group()) < first) {
                continue;
            }
            String value = value(source, labels, label.getKey());
            if (value != null) {
                tiers.put(Integer.parseInt(number.group()), value);
            }
        }
        int expected = first;
        for (int tier : tiers.keySet()) {
            if (tier != expected) {
                throw new TopologyFormatException(
                        source,
                        "label " + prefix + tier,
                        "names a switch tier beyond one it does not name (" + prefix + expected + ")");
            }
            expected++;
        }
        return tiers;
    }

    /** The label's value; null when absent or empty; refused when it is not a Kubernetes label value. */
    private static String value(String source, Map<String, String> labels, String key) {
        String value = labels.get(key);
        if (value == null || value.isEmpty()) {
            return null;
        }
        if (!LABEL_VALUE.matcher(value).matches()) {
            throw new TopologyFormatException(
                    source,
                    "label " + key,
                    "value is not a Kubernetes label value (at most 63 letters, digits, '-', '_' or '.', starting"
                            + " and ending with a letter or digit)");
        }
        return value;
    }
}
