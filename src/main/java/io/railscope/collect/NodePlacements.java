package io.railscope.collect;

import io.railscope.source.KubernetesSnapshot;
import io.railscope.source.NodeInfo;
import io.railscope.source.topology.NodePlacement;
import io.railscope.source.topology.TopologyFormatException;
import io.railscope.source.topology.TopologyLabels;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import org.jboss.logging.Logger;

/**
 * Where a cell's nodes sit in the switch tree, as their topology labels say. A node whose labels are refused (a gap
 * in its tiers, a value that is no label value) is left out, and the refusal is logged with the node's name when it
 * differs from the last one logged for the cell.
 */
final class NodePlacements {

    private static final Logger LOG = Logger.getLogger(NodePlacements.class);

    private final String cell;
    private final TopologyLabels labels;
    private String lastRefusal;

    NodePlacements(String cell, TopologyLabels labels) {
        this.cell = cell;
        this.labels = labels;
    }

    /** The placements of the nodes of {@code snapshot} whose labels name any tier, by node. */
    Map<String, NodePlacement> of(Optional<KubernetesSnapshot> snapshot) {
        if (snapshot.isEmpty()) {
            return Map.of();
        }
        Map<String, NodePlacement> placements = new HashMap<>();
        int refused = 0;
        String first = null;
        for (NodeInfo node : snapshot.get().nodes()) {
            try {
                labels.placement("Node " + node.name(), node.labels())
                        .filter(placement -> !placement.switchTiers().isEmpty())
                        .ifPresent(placement -> placements.put(node.name(), placement));
            } catch (TopologyFormatException e) {
                refused++;
                first = first == null ? e.getMessage() : first;
            }
        }
        if (first != null && !first.equals(lastRefusal)) {
            LOG.warnf("cell %s: the topology labels of %d nodes were refused; the first: %s", cell, refused, first);
        }
        lastRefusal = first;
        return placements;
    }
}
