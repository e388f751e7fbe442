package io.railscope.collect;

import io.railscope.source.topology.CabledLink;
import io.railscope.source.topology.NodePlacement;
import java.util.List;
import java.util.Map;

/**
 * What places a cell's nodes and switches besides its node metrics: the nodes' topology labels (by node) and the links
 * of its topology file.
 */
record FabricInputs(Map<String, NodePlacement> placements, List<CabledLink> fileLinks) {

    static final FabricInputs NONE = new FabricInputs(Map.of(), List.of());
}
