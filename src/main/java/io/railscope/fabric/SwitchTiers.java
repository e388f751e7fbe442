package io.railscope.fabric;

import io.railscope.source.SwitchUplink;
import java.util.ArrayDeque;
import java.util.Collection;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The switches of a cell by tier, counted from the hosts: tier 0 the leaves (the switches host ports are cabled to),
 * tier 1 the switches linked to leaves, and so on; and for each leaf the spine above it, named by the tier-1 switches
 * it is linked to (several, joined, where a leaf has several uplink switches).
 */
public record SwitchTiers(Map<String, Integer> tiers, Map<String, String> spineOf) {

    public static final SwitchTiers NONE = new SwitchTiers(Map.of(), Map.of());

    /** From the leaves and the links between switches, either way round; links of one switch to itself are ignored. */
    public static SwitchTiers of(Collection<String> leaves, List<SwitchUplink> links) {
        if (links.isEmpty()) {
            return NONE;
        }
        Map<String, Set<String>> neighbours = new HashMap<>();
        for (SwitchUplink link : links) {
            if (!link.lower().equals(link.upper())) {
                neighbours
                        .computeIfAbsent(link.lower(), name -> new TreeSet<>())
                        .add(link.upper());
                neighbours
                        .computeIfAbsent(link.upper(), name -> new TreeSet<>())
                        .add(link.lower());
            }
        }
        Map<String, Integer> tiers = new TreeMap<>();
        Deque<String> queue = new ArrayDeque<>();
        for (String leaf : leaves) {
            if (tiers.putIfAbsent(leaf, 0) == null) {
                queue.add(leaf);
            }
        }
        while (!queue.isEmpty()) {
            String name = queue.poll();
            int next = tiers.get(name) + 1;
            for (String neighbour : neighbours.getOrDefault(name, Set.of())) {
                if (tiers.putIfAbsent(neighbour, next) == null) {
                    queue.add(neighbour);
                }
            }
        }
        Map<String, String> spineOf = new HashMap<>();
        for (String leaf : leaves) {
            Set<String> above = new TreeSet<>();
            for (String neighbour : neighbours.getOrDefault(leaf, Set.of())) {
                if (tiers.get(neighbour) == 1) {
                    above.add(neighbour);
                }
            }
            if (!above.isEmpty()) {
                spineOf.put(leaf, String.join(" + ", above));
            }
        }
        return new SwitchTiers(tiers, spineOf);
    }

    /** The switch's tier, -1 when it is linked to no host by any path known. */
    public int tierOf(String name) {
        return tiers.getOrDefault(name, -1);
    }
}
