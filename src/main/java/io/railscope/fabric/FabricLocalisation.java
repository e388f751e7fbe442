package io.railscope.fabric;

import io.railscope.config.FabricConfig;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Blames a cell's unhealthy rail ports on the smallest component that explains them, symptom by symptom: a leaf
 * when enough of its host ports on enough nodes show it while the rail's other leaves are quiet; the rail above its
 * leaves when the symptom is spread over many of them; then a node when several of its rails are unhealthy; the
 * link of each port left. A port whose switch is unknown can be blamed on its node or its link only.
 */
public final class FabricLocalisation {

    /** The thresholds of {@link FabricConfig}. */
    public record Settings(
            double leafShare, int leafMinNodes, double quietShare, int nodeMinRails, double nodeByChance) {

        public static final Settings DEFAULTS = new Settings(0.5, 3, 0.05, 3, 0.01);

        public static Settings of(FabricConfig config) {
            return new Settings(
                    config.leafShare(),
                    config.leafMinNodes(),
                    config.quietShare(),
                    config.nodeMinRails(),
                    config.nodeByChance());
        }
    }

    /** A leaf: the rail most of its host ports serve, and how many it has. */
    private record Leaf(String name, int rail, int hostPorts) {}

    private FabricLocalisation() {}

    /** The blames, leaves and rails first, then nodes, then links; each group by ports explained, most first. */
    public static List<FabricBlame> blame(List<FabricPort> ports, Settings settings) {
        Map<String, Leaf> leaves = leaves(ports);
        Map<Integer, Integer> railHostPorts = new HashMap<>();
        leaves.values().forEach(leaf -> railHostPorts.merge(leaf.rail(), leaf.hostPorts(), Integer::sum));
        // symptom → rail → leaf → its unhealthy ports, for ports whose leaf is known
        Map<PortSymptom, Map<Integer, Map<String, List<FabricPort>>>> atLeaves = new TreeMap<>();
        List<FabricPort> unhealthy = new ArrayList<>();
        for (FabricPort port : ports) {
            if (port.healthy()) {
                continue;
            }
            unhealthy.add(port);
            Leaf leaf = port.switchName() == null ? null : leaves.get(port.switchName());
            if (leaf != null) {
                atLeaves.computeIfAbsent(port.primary(), symptom -> new TreeMap<>())
                        .computeIfAbsent(leaf.rail(), rail -> new TreeMap<>())
                        .computeIfAbsent(leaf.name(), name -> new ArrayList<>())
                        .add(port);
            }
        }
        Set<FabricPort> explained = Collections.newSetFromMap(new IdentityHashMap<>());
        List<FabricBlame> blames = new ArrayList<>();
        atLeaves.forEach((symptom, rails) -> rails.forEach((rail, byLeaf) -> blames.addAll(switchBlames(
                symptom, rail, byLeaf, leaves, railHostPorts.getOrDefault(rail, 0), settings, explained))));
        Map<String, Integer> railsByNode = new HashMap<>();
        ports.forEach(port -> railsByNode.merge(port.node(), 1, Integer::sum));
        NodeThreshold threshold = NodeThreshold.of(
                railsByNode.size(),
                railsByNode.values().stream().mapToInt(Integer::intValue).max().orElse(0),
                unhealthy.size() - explained.size(),
                ports.size(),
                settings.nodeMinRails(),
                settings.nodeByChance());
        blames.addAll(nodeAndLinkBlames(unhealthy, explained, threshold));
        blames.sort(Comparator.comparing((FabricBlame blame) -> blame.kind() == BlameKind.LINK)
                .thenComparing(blame -> blame.kind() == BlameKind.NODE)
                .thenComparing(FabricBlame::ports, Comparator.reverseOrder())
                .thenComparing(FabricBlame::component));
        return blames;
    }

    /** Each switch's rail (the one most of its host ports serve) and its host ports. */
    private static Map<String, Leaf> leaves(List<FabricPort> ports) {
        Map<String, Map<Integer, Integer>> railsBySwitch = SwitchRails.of(ports);
        Map<String, Leaf> leaves = new HashMap<>();
        railsBySwitch.forEach((name, rails) -> leaves.put(
                name,
                new Leaf(
                        name,
                        mostCommon(rails),
                        rails.values().stream().mapToInt(Integer::intValue).sum())));
        return leaves;
    }

    private static List<FabricBlame> switchBlames(
            PortSymptom symptom,
            int rail,
            Map<String, List<FabricPort>> byLeaf,
            Map<String, Leaf> leaves,
            int railPorts,
            Settings settings,
            Set<FabricPort> explained) {
        List<String> candidates = new ArrayList<>();
        int candidatePorts = 0;
        int symptomatic = 0;
        for (Map.Entry<String, List<FabricPort>> entry : byLeaf.entrySet()) {
            Leaf leaf = leaves.get(entry.getKey());
            List<FabricPort> bad = entry.getValue();
            symptomatic += bad.size();
            if (nodes(bad).size() >= settings.leafMinNodes() && bad.size() >= settings.leafShare() * leaf.hostPorts()) {
                candidates.add(leaf.name());
                candidatePorts += leaf.hostPorts();
            }
        }
        int restBad = symptomatic
                - candidates.stream().mapToInt(name -> byLeaf.get(name).size()).sum();
        int restPorts = railPorts - candidatePorts;
        double restShare = restPorts == 0 ? 0 : (double) restBad / restPorts;
        List<FabricBlame> blames = new ArrayList<>();
        if (!candidates.isEmpty() && restShare <= settings.quietShare()) {
            String others = restPorts == 0
                    ? "it is the rail's only leaf"
                    : "the other rail-" + rail + " leaves: " + restBad + " of " + restPorts;
            for (String name : candidates) {
                List<FabricPort> bad = byLeaf.get(name);
                explained.addAll(bad);
                List<String> nodes = nodes(bad);
                blames.add(new FabricBlame(
                        BlameKind.LEAF,
                        name,
                        rail,
                        symptom,
                        refs(bad),
                        "leaf " + name + ": " + bad.size() + " of "
                                + leaves.get(name).hostPorts() + " host ports "
                                + symptom.words() + ", on " + nodes.size() + " nodes; " + others
                                + ": a switch-side fault"));
            }
            return blames;
        }
        List<FabricPort> spread = byLeaf.values().stream().flatMap(List::stream).toList();
        List<String> nodes = nodes(spread);
        if (byLeaf.size() >= settings.leafMinNodes()
                && nodes.size() >= settings.leafMinNodes()
                && railPorts > 0
                && (double) spread.size() / railPorts > settings.quietShare()) {
            explained.addAll(spread);
            long railLeaves =
                    leaves.values().stream().filter(leaf -> leaf.rail() == rail).count();
            blames.add(new FabricBlame(
                    BlameKind.RAIL,
                    "rail " + rail,
                    rail,
                    symptom,
                    refs(spread),
                    "rail " + rail + ": " + spread.size() + " of " + railPorts + " ports " + symptom.words() + ", on "
                            + byLeaf.size() + " of " + railLeaves + " leaves: spread over the rail, so above its leaves"
                            + " (spines, uplinks) or the traffic itself"));
        }
        return blames;
    }

    private static List<FabricBlame> nodeAndLinkBlames(
            List<FabricPort> unhealthy, Set<FabricPort> explained, NodeThreshold threshold) {
        Map<String, List<FabricPort>> byNode = new LinkedHashMap<>();
        for (FabricPort port : unhealthy) {
            if (!explained.contains(port)) {
                byNode.computeIfAbsent(port.node(), node -> new ArrayList<>()).add(port);
            }
        }
        List<FabricBlame> blames = new ArrayList<>();
        byNode.forEach((node, bad) -> {
            Set<Integer> rails = new TreeSet<>();
            Set<String> switches = new TreeSet<>();
            for (FabricPort port : bad) {
                rails.add(port.rail());
                if (port.switchName() != null) {
                    switches.add(port.switchName());
                }
            }
            if (rails.size() >= threshold.rails()) {
                PortSymptom symptom = mostCommon(bad);
                blames.add(new FabricBlame(
                        BlameKind.NODE,
                        node,
                        0,
                        symptom,
                        refs(bad),
                        "node " + node + ": " + rails.size() + " rails unhealthy (" + symptom.words() + " the most)"
                                + (switches.size() > 1
                                        ? ", cabled to " + switches.size() + " different leaves that are fine otherwise"
                                        : "")
                                + String.format(
                                        Locale.ROOT,
                                        "; %.2f %% of the cell's other ports are unhealthy, too few to put %d on one"
                                                + " node by chance",
                                        threshold.background() * 100,
                                        rails.size())
                                + ": the host, not the fabric"));
                return;
            }
            for (FabricPort port : bad) {
                blames.add(new FabricBlame(
                        BlameKind.LINK,
                        node + "/" + port.device(),
                        port.rail(),
                        port.primary(),
                        List.of(new FabricBlame.RailPortRef(node, port.rail())),
                        "node " + node + " rail " + port.rail() + " (" + port.device() + ")"
                                + (port.switchName() == null
                                        ? ""
                                        : " to " + port.switchName()
                                                + (port.switchPort() == null ? "" : " port " + port.switchPort()))
                                + ": " + port.primary().words() + "; the rest of its node and its leaf are fine"));
            }
        });
        return blames;
    }

    private static PortSymptom mostCommon(List<FabricPort> ports) {
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

    private static List<FabricBlame.RailPortRef> refs(List<FabricPort> ports) {
        return ports.stream()
                .map(port -> new FabricBlame.RailPortRef(port.node(), port.rail()))
                .sorted(Comparator.comparing(FabricBlame.RailPortRef::node)
                        .thenComparing(FabricBlame.RailPortRef::rail))
                .toList();
    }

    private static List<String> nodes(List<FabricPort> ports) {
        return ports.stream().map(FabricPort::node).distinct().sorted().toList();
    }
}
