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
 * tier 1 the switches linked to leaves, and so on; and for each switch those one tier above it it is linked to.
 */
public record SwitchTiers(Map<String, Integer> tiers, Map<String, List<String>> above) {

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
        Map<String, List<String>> above = new TreeMap<>();
        tiers.forEach((name, tier) -> {
            List<String> up = neighbours.getOrDefault(name, Set.of()).stream()
                    .filter(neighbour -> tiers.get(neighbour) == tier + 1)
                    .toList();
            if (!up.isEmpty()) {
                above.put(name, up);
            }
        });
        return new SwitchTiers(tiers, above);
    }

    /** The switch's tier, -1 when it is linked to no host by any path known. */
    public int tierOf(String name) {
        return tiers.getOrDefault(name, -1);
    }

    /**
     * Each leaf's spine: the tier-1 switch it is linked to, or the several it is linked to joined with {@code +} (a leaf
     * of a Clos fabric below all the rail's spines names them all, and a fault of one of them is the rail's).
     */
    public Map<String, String> spineOfLeaves() {
        Map<String, String> spines = new HashMap<>();
        above.forEach((name, up) -> {
            if (tierOf(name) == 0) {
                spines.put(name, String.join(" + ", up));
            }
        });
        return spines;
    }
}
