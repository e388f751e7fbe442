package io.railscope.fabric;

import io.railscope.config.FabricConfig;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Blames a cell's unhealthy rail ports on the smallest component that explains them, symptom by symptom: a leaf
 * when enough of its host ports on enough nodes show it while the rail's other leaves are quiet; the rail above its
 * leaves when the symptom is spread over many of them; then a node when several of its rails are unhealthy; the
 * link of each port left. A port whose switch is unknown can be blamed on its node or its link only.
 */
public final class FabricLocalisation {

    /** The thresholds of {@link FabricConfig}. */
    public record Settings(
            double leafShare,
            int leafMinNodes,
            double quietShare,
            double spineShare,
            int spineMinLeaves,
            double spineLeafShare,
            int nodeMinRails,
            double nodeByChance) {

        public static final Settings DEFAULTS = new Settings(0.5, 3, 0.05, 0.5, 3, 0.25, 3, 0.01);

        public static Settings of(FabricConfig config) {
            return new Settings(
                    config.leafShare(),
                    config.leafMinNodes(),
                    config.quietShare(),
                    config.spineShare(),
                    config.spineMinLeaves(),
                    config.spineLeafShare(),
                    config.nodeMinRails(),
                    config.nodeByChance());
        }
    }

    private FabricLocalisation() {}

    /**
     * The blames, switches and rails first, then nodes, then links; each group by ports explained, most first.
     *
     * @param tiers the switches above the leaves, where known ({@link SwitchTiers#NONE} otherwise)
     */
    public static List<FabricBlame> blame(List<FabricPort> ports, SwitchTiers tiers, Settings settings) {
        Map<String, SwitchBlames.Leaf> leaves = leaves(ports);
        // symptom → rail → leaf → its unhealthy ports, for ports whose leaf is known
        Map<PortSymptom, Map<Integer, Map<String, List<FabricPort>>>> atLeaves = new TreeMap<>();
        List<FabricPort> unhealthy = new ArrayList<>();
        for (FabricPort port : ports) {
            if (port.healthy()) {
                continue;
            }
            unhealthy.add(port);
            SwitchBlames.Leaf leaf = port.switchName() == null ? null : leaves.get(port.switchName());
            if (leaf != null) {
                atLeaves.computeIfAbsent(port.primary(), symptom -> new TreeMap<>())
                        .computeIfAbsent(leaf.rail(), rail -> new TreeMap<>())
                        .computeIfAbsent(leaf.name(), name -> new ArrayList<>())
                        .add(port);
            }
        }
        Set<FabricPort> explained = Collections.newSetFromMap(new IdentityHashMap<>());
        List<FabricBlame> blames = new ArrayList<>();
        Map<String, String> spines = tiers.spineOfLeaves();
        Map<Integer, List<SwitchBlames.Leaf>> byRail = new HashMap<>();
        leaves.values().stream()
                .sorted(Comparator.comparing(SwitchBlames.Leaf::name))
                .forEach(leaf -> byRail.computeIfAbsent(leaf.rail(), rail -> new ArrayList<>())
                        .add(leaf));
        atLeaves.forEach((symptom, rails) -> rails.forEach((rail, byLeaf) -> blames.addAll(new SwitchBlames(
                        symptom,
                        rail,
                        byLeaf,
                        leaves,
                        byRail.getOrDefault(rail, List.of()),
                        spines,
                        settings,
                        explained)
                .blame())));
        blames.addAll(HostBlames.of(ports, unhealthy, explained, settings));
        blames.sort(Comparator.comparing((FabricBlame blame) -> blame.kind() == BlameKind.LINK)
                .thenComparing(blame -> blame.kind() == BlameKind.NODE)
                .thenComparing(FabricBlame::ports, Comparator.reverseOrder())
                .thenComparing(FabricBlame::component));
        return blames;
    }

    /** Each switch's rail (the one most of its host ports serve) and its host ports. */
    private static Map<String, SwitchBlames.Leaf> leaves(List<FabricPort> ports) {
        Map<String, Map<Integer, Integer>> railsBySwitch = SwitchRails.of(ports);
        Map<String, SwitchBlames.Leaf> leaves = new HashMap<>();
        railsBySwitch.forEach((name, rails) -> leaves.put(
                name,
                new SwitchBlames.Leaf(
                        name,
                        mostCommon(rails),
                        rails.values().stream().mapToInt(Integer::intValue).sum())));
        return leaves;
    }

    static PortSymptom mostCommon(List<FabricPort> ports) {
        Map<PortSymptom, Integer> counts = new TreeMap<>();
        ports.forEach(port -> counts.merge(port.primary(), 1, Integer::sum));
        return mostCommon(counts);
    }

    /** The key counted most; of keys counted alike, the first in order. */
    private static <K> K mostCommon(Map<K, Integer> counts) {
        K most = null;
        int highest = 0;
        for (Map.Entry<K, Integer> entry : counts.entrySet()) {
            if (entry.getValue() > highest) {
                most = entry.getKey();
                highest = entry.getValue();
            }
        }
        return most;
    }

    static List<FabricBlame.RailPortRef> refs(List<FabricPort> ports) {
        return ports.stream()
                .map(port -> new FabricBlame.RailPortRef(port.node(), port.rail()))
                .sorted(Comparator.comparing(FabricBlame.RailPortRef::node)
                        .thenComparing(FabricBlame.RailPortRef::rail))
                .toList();
    }

    static List<String> nodes(List<FabricPort> ports) {
        return ports.stream().map(FabricPort::node).distinct().sorted().toList();
    }
}
