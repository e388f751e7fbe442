package io.railscope.fabric;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.BiFunction;

/**
 * The ports of a rail-optimised fabric for localisation: scalable units of 32 nodes, 8 rails, a leaf per unit and
 * rail, each node's rail on the leaf port of its place in the unit.
 */
final class RailOptimisedFabric {

    static final int UNIT = 32;
    static final int RAILS = 8;

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

    static String node(int node) {
        return String.format("gpu-%05d", node);
    }

    static String leaf(int unit, int rail) {
        return String.format("su%03d-rail%d", unit + 1, rail);
    }
}
