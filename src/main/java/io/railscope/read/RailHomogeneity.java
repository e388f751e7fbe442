package io.railscope.read;

import io.railscope.assess.AttributeSpread;
import java.util.List;

/** One rail across a cell's nodes: per attribute the value most nodes hold and the nodes that differ. */
public record RailHomogeneity(int rail, int nodes, List<AttributeSpread> attributes) {

    public boolean disagrees() {
        return attributes.stream().anyMatch(AttributeSpread::disagrees);
    }
}
