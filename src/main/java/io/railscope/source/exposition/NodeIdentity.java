package io.railscope.source.exposition;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One node, one identity: exporters that would report as the same node (two node_exporters on one host on different
 * ports, two exporter pods on one node during a roll-out) are kept as nodes of their own, each named by its address,
 * and the cell says so. Merging them would mix two hosts' ports and neighbor tables into one node, or drop one.
 */
final class NodeIdentity {

    private NodeIdentity() {}

    /** The targets with a node name each of them alone has, and what was renamed and why. */
    record Resolved(List<ExporterTarget> targets, List<String> notes) {}

    static Resolved of(List<ExporterTarget> targets) {
        Map<String, List<ExporterTarget>> byNode = new LinkedHashMap<>();
        for (ExporterTarget target : targets) {
            byNode.computeIfAbsent(target.node(), node -> new ArrayList<>(1)).add(target);
        }
        if (byNode.size() == targets.size()) {
            return new Resolved(targets, List.of());
        }
        List<ExporterTarget> resolved = new ArrayList<>(targets.size());
        List<String> notes = new ArrayList<>();
        for (Map.Entry<String, List<ExporterTarget>> node : byNode.entrySet()) {
            List<ExporterTarget> same = node.getValue();
            if (same.size() == 1) {
                resolved.add(same.get(0));
                continue;
            }
            List<String> addresses =
                    same.stream().map(ExporterTarget::address).distinct().toList();
            same.stream()
                    .map(ExporterTarget::address)
                    .distinct()
                    .forEach(address -> resolved.add(new ExporterTarget(address, address)));
            notes.add("exporters " + String.join(", ", addresses) + " would all be node " + node.getKey()
                    + ": kept as " + addresses.size() + " nodes named by their address, so that no host's ports are"
                    + " merged into another's");
        }
        return new Resolved(resolved, notes);
    }
}
