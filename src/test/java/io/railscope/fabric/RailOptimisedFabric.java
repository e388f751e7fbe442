package io.railscope.fabric;

import io.railscope.source.SwitchUplink;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.BiFunction;

/**
 * The ports of a rail-optimised fabric for localisation: scalable units of 32 nodes, 8 rails, a leaf per unit and
 * rail, each node's rail on the leaf port of its place in the unit; above the leaves a spine per rail and group of 4
 * units, and a core per rail above the spines.
 */
final class RailOptimisedFabric {

    static final int UNIT = 32;
    static final int RAILS = 8;
    static final int GROUP = 4;

    private RailOptimisedFabric() {}

    /** Every port of {@code nodes} nodes, with the symptom {@code symptom} gives a node and rail (null: healthy). */
    static List<FabricPort> ports(int nodes, BiFunction<Integer, Integer, PortSymptom> symptom) {
        List<FabricPort> ports = new ArrayList<>(nodes * RAILS);
        for (int node = 0; node < nodes; node++) {
            for (int rail = 1; rail <= RAILS; rail++) {
                PortSymptom s = symptom.apply(node, rail);
                ports.add(new FabricPort(
                        node(node),
                        rail,
                        "mlx5_" + (rail - 1),
                        leaf(node / UNIT, rail),
                        "swp" + (node % UNIT + 1),
                        s == null ? Set.of() : Set.of(s)));
            }
        }
        return ports;
    }

    /** The three tiers above the hosts of {@code nodes} nodes: leaf to spine, spine to core. */
    static SwitchTiers tiers(int nodes) {
        List<SwitchUplink> links = new ArrayList<>();
        Set<String> leaves = new java.util.TreeSet<>();
        int units = (nodes + UNIT - 1) / UNIT;
        for (int unit = 0; unit < units; unit++) {
            for (int rail = 1; rail <= RAILS; rail++) {
                leaves.add(leaf(unit, rail));
                links.add(new SwitchUplink(
                        leaf(unit, rail), "swp65", spine(unit / GROUP, rail), "swp" + (unit % GROUP + 1)));
            }
        }
        for (int group = 0; group * GROUP < units; group++) {
            for (int rail = 1; rail <= RAILS; rail++) {
                links.add(new SwitchUplink(spine(group, rail), "swp65", "core-rail" + rail, "swp" + (group + 1)));
            }
        }
        return SwitchTiers.of(leaves, links);
    }

    static String spine(int group, int rail) {
        return String.format("sg%02d-rail%d", group + 1, rail);
    }

    static String node(int node) {
        return String.format("gpu-%05d", node);
    }

    static String leaf(int unit, int rail) {
        return String.format("su%03d-rail%d", unit + 1, rail);
    }
}
