package io.railscope.fabric;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The blames below the switches: a node when more of its rails are unhealthy than the cell's background would put on
 * one node by chance, counted over all symptoms or over one (a background of scattered errors says little about three
 * rails down on one node), the configured chance shared between those tests; the link of each unhealthy port left.
 */
final class HostBlames {

    private HostBlames() {}

    static List<FabricBlame> of(
            List<FabricPort> ports,
            List<FabricPort> unhealthy,
            Set<FabricPort> explained,
            FabricLocalisation.Settings settings) {
        Map<String, Integer> railsByNode = new HashMap<>();
        ports.forEach(port -> railsByNode.merge(port.node(), 1, Integer::sum));
        int railsPerNode =
                railsByNode.values().stream().mapToInt(Integer::intValue).max().orElse(0);
        Map<String, List<FabricPort>> byNode = new LinkedHashMap<>();
        Map<PortSymptom, Integer> unexplained = new TreeMap<>();
        for (FabricPort port : unhealthy) {
            if (!explained.contains(port)) {
                byNode.computeIfAbsent(port.node(), node -> new ArrayList<>()).add(port);
                unexplained.merge(port.primary(), 1, Integer::sum);
            }
        }
        // the chance budget is shared by every threshold tried: all symptoms together, and each alone
        double byChance = settings.nodeByChance() / (1 + unexplained.size());
        NodeThreshold any = NodeThreshold.of(
                railsByNode.size(),
                railsPerNode,
                unexplained.values().stream().mapToInt(Integer::intValue).sum(),
                ports.size(),
                settings.nodeMinRails(),
                byChance);
        Map<PortSymptom, NodeThreshold> bySymptom = new TreeMap<>();
        unexplained.forEach((symptom, count) -> bySymptom.put(
                symptom,
                NodeThreshold.of(
                        railsByNode.size(), railsPerNode, count, ports.size(), settings.nodeMinRails(), byChance)));
        List<FabricBlame> blames = new ArrayList<>();
        byNode.forEach((node, bad) -> {
            FabricBlame host = host(node, bad, any, bySymptom);
            if (host != null) {
                blames.add(host);
            } else {
                bad.forEach(port -> blames.add(link(port)));
            }
        });
        return blames;
    }

    /** The node's blame, or null when its unhealthy rails are within what chance would give. */
    private static FabricBlame host(
            String node, List<FabricPort> bad, NodeThreshold any, Map<PortSymptom, NodeThreshold> bySymptom) {
        Set<Integer> rails = new TreeSet<>();
        Set<String> switches = new TreeSet<>();
        Map<PortSymptom, Set<Integer>> railsBySymptom = new TreeMap<>();
        for (FabricPort port : bad) {
            rails.add(port.rail());
            railsBySymptom
                    .computeIfAbsent(port.primary(), symptom -> new TreeSet<>())
                    .add(port.rail());
            if (port.switchName() != null) {
                switches.add(port.switchName());
            }
        }
        PortSymptom symptom = FabricLocalisation.mostCommon(bad);
        String chance;
        if (rails.size() >= any.rails()) {
            chance = chance(any, "unhealthy", rails.size());
        } else {
            Map.Entry<PortSymptom, Set<Integer>> met = railsBySymptom.entrySet().stream()
                    .filter(entry -> entry.getValue().size()
                            >= bySymptom.get(entry.getKey()).rails())
                    .findFirst()
                    .orElse(null);
            if (met == null) {
                return null;
            }
            symptom = met.getKey();
            chance = chance(
                    bySymptom.get(symptom), symptom.words(), met.getValue().size());
        }
        return new FabricBlame(
                BlameKind.NODE,
                node,
                0,
                symptom,
                FabricLocalisation.refs(bad),
                "node " + node + ": " + rails.size() + " rails unhealthy (" + symptom.words() + " the most)"
                        + (switches.size() > 1
                                ? ", cabled to " + switches.size() + " different leaves that are fine otherwise"
                                : "")
                        + "; " + chance + ": the host, not the fabric");
    }

    private static String chance(NodeThreshold threshold, String words, int rails) {
        return String.format(
                Locale.ROOT,
                "%.2f %% of the cell's other ports are %s, too few to put %d on one node by chance",
                threshold.background() * 100,
                words,
                rails);
    }

    private static FabricBlame link(FabricPort port) {
        return new FabricBlame(
                BlameKind.LINK,
                port.node() + "/" + port.device(),
                port.rail(),
                port.primary(),
                List.of(new FabricBlame.RailPortRef(port.node(), port.rail())),
                "node " + port.node() + " rail " + port.rail() + " (" + port.device() + ")"
                        + (port.switchName() == null
                                ? ""
                                : " to " + port.switchName()
                                        + (port.switchPort() == null ? "" : " port " + port.switchPort()))
                        + ": " + port.primary().words() + "; the rest of its node and its leaf are fine");
    }
}
