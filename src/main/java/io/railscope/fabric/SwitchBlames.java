package io.railscope.fabric;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * The blames of one symptom on one rail above the node: the spines most of whose leaves show it, then the leaves that
 * show it on most of their host ports, each while the rest of the rail is quiet; else the rail, when the symptom is
 * spread over many of its leaves.
 */
final class SwitchBlames {

    /** A leaf: the rail most of its host ports serve, and how many it has. */
    record Leaf(String name, int rail, int hostPorts) {}

    private final PortSymptom symptom;
    private final int rail;
    private final Map<String, List<FabricPort>> byLeaf;
    private final Map<String, Leaf> leaves;
    private final List<Leaf> railLeaves;
    private final Map<String, String> spineOf;
    private final FabricLocalisation.Settings settings;
    private final Set<FabricPort> explained;
    private int railPorts;

    SwitchBlames(
            PortSymptom symptom,
            int rail,
            Map<String, List<FabricPort>> byLeaf,
            Map<String, Leaf> leaves,
            List<Leaf> railLeaves,
            Map<String, String> spineOf,
            FabricLocalisation.Settings settings,
            Set<FabricPort> explained) {
        this.symptom = symptom;
        this.rail = rail;
        this.byLeaf = new TreeMap<>(byLeaf);
        this.leaves = leaves;
        this.railLeaves = railLeaves;
        this.spineOf = spineOf;
        this.settings = settings;
        this.explained = explained;
        this.railPorts = railLeaves.stream().mapToInt(Leaf::hostPorts).sum();
    }

    List<FabricBlame> blame() {
        List<FabricBlame> blames = new ArrayList<>(spines());
        blames.addAll(leaves());
        if (blames.isEmpty()) {
            blames.addAll(spread());
        }
        return blames;
    }

    /** Spines most of whose leaves show the symptom while the rail's leaves below other spines are quiet. */
    private List<FabricBlame> spines() {
        if (spineOf.isEmpty()) {
            return List.of();
        }
        Map<String, List<Leaf>> below = new TreeMap<>();
        railLeaves.stream()
                .filter(leaf -> spineOf.containsKey(leaf.name()))
                .forEach(leaf -> below.computeIfAbsent(spineOf.get(leaf.name()), spine -> new ArrayList<>())
                        .add(leaf));
        Map<String, List<Leaf>> candidates = new TreeMap<>();
        below.forEach((spine, spineLeaves) -> {
            List<Leaf> showing = spineLeaves.stream()
                    .filter(leaf -> {
                        List<FabricPort> bad = byLeaf.getOrDefault(leaf.name(), List.of());
                        return nodes(bad).size() >= 2 && bad.size() >= settings.spineLeafShare() * leaf.hostPorts();
                    })
                    .toList();
            if (showing.size() >= Math.max(settings.spineMinLeaves(), settings.spineShare() * spineLeaves.size())) {
                candidates.put(spine, spineLeaves);
            }
        });
        // on every spine of the rail it is the rail's, or the traffic's
        if (candidates.isEmpty() || candidates.size() > 1 && candidates.size() == below.size()) {
            return List.of();
        }
        List<String> candidateLeaves = candidates.values().stream()
                .flatMap(List::stream)
                .map(Leaf::name)
                .toList();
        Quiet rest = rest(candidateLeaves);
        if (rest.share() > settings.quietShare()) {
            return List.of();
        }
        List<FabricBlame> blames = new ArrayList<>();
        candidates.forEach((spine, spineLeaves) -> {
            List<FabricPort> bad = new ArrayList<>();
            int hostPorts = 0;
            int showing = 0;
            for (Leaf leaf : spineLeaves) {
                List<FabricPort> ofLeaf = byLeaf.remove(leaf.name());
                hostPorts += leaf.hostPorts();
                if (ofLeaf != null) {
                    bad.addAll(ofLeaf);
                    showing++;
                }
            }
            railPorts -= hostPorts;
            explained.addAll(bad);
            blames.add(new FabricBlame(
                    BlameKind.SPINE,
                    spine,
                    rail,
                    symptom,
                    FabricLocalisation.refs(bad),
                    "spine " + spine + ": " + showing + " of " + spineLeaves.size() + " rail-" + rail
                            + " leaves below it have host ports " + symptom.words() + " (" + bad.size() + " of "
                            + hostPorts + ", on " + nodes(bad).size() + " nodes); "
                            + rest.words("the rail-" + rail + " leaves below other spines")
                            + ": above the leaves, at the spine or its uplinks"));
        });
        return blames;
    }

    /** Leaves that show the symptom on most of their host ports, on enough nodes, while the rest of the rail is quiet. */
    private List<FabricBlame> leaves() {
        List<String> candidates = new ArrayList<>();
        byLeaf.forEach((name, bad) -> {
            if (nodes(bad).size() >= settings.leafMinNodes()
                    && bad.size() >= settings.leafShare() * leaves.get(name).hostPorts()) {
                candidates.add(name);
            }
        });
        if (candidates.isEmpty()) {
            return List.of();
        }
        Quiet rest = rest(candidates);
        if (rest.share() > settings.quietShare()) {
            return List.of();
        }
        String others =
                rest.ports() == 0 ? "it is the rail's only leaf" : rest.words("the other rail-" + rail + " leaves");
        List<FabricBlame> blames = new ArrayList<>();
        for (String name : candidates) {
            List<FabricPort> bad = byLeaf.remove(name);
            explained.addAll(bad);
            blames.add(new FabricBlame(
                    BlameKind.LEAF,
                    name,
                    rail,
                    symptom,
                    FabricLocalisation.refs(bad),
                    "leaf " + name + ": " + bad.size() + " of "
                            + leaves.get(name).hostPorts() + " host ports "
                            + symptom.words() + ", on " + nodes(bad).size() + " nodes; " + others
                            + ": a switch-side fault"));
        }
        return blames;
    }

    /** The rail, when the symptom is on many of its leaves and nodes and above the quiet share of its ports. */
    private List<FabricBlame> spread() {
        List<FabricPort> spread = byLeaf.values().stream().flatMap(List::stream).toList();
        List<String> nodes = nodes(spread);
        if (byLeaf.size() < settings.leafMinNodes()
                || nodes.size() < settings.leafMinNodes()
                || railPorts == 0
                || (double) spread.size() / railPorts <= settings.quietShare()) {
            return List.of();
        }
        explained.addAll(spread);
        return List.of(new FabricBlame(
                BlameKind.RAIL,
                "rail " + rail,
                rail,
                symptom,
                FabricLocalisation.refs(spread),
                "rail " + rail + ": " + spread.size() + " of " + railPorts + " ports " + symptom.words() + ", on "
                        + byLeaf.size() + " of " + railLeaves.size()
                        + " leaves: spread over the rail"
                        + (spineOf.isEmpty() ? "" : " and no one spine explains it")
                        + ": above its leaves, or the traffic itself"));
    }

    /** The rail's ports on leaves other than {@code excluded} that show the symptom, of all their host ports. */
    private Quiet rest(List<String> excluded) {
        int bad = 0;
        int ports = railPorts;
        for (Map.Entry<String, List<FabricPort>> entry : byLeaf.entrySet()) {
            if (!excluded.contains(entry.getKey())) {
                bad += entry.getValue().size();
            }
        }
        for (String name : excluded) {
            ports -= leaves.get(name).hostPorts();
        }
        return new Quiet(bad, ports);
    }

    private record Quiet(int bad, int ports) {

        double share() {
            return ports <= 0 ? 0 : (double) bad / ports;
        }

        String words(String which) {
            return which + ": " + bad + " of " + ports;
        }
    }

    private static List<String> nodes(List<FabricPort> ports) {
        return FabricLocalisation.nodes(ports);
    }
}
