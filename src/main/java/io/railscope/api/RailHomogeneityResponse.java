package io.railscope.api;

import io.railscope.read.RailHomogeneity;
import java.util.List;

/** One rail across a cell's nodes: every attribute some node reports, its majority and the nodes that differ. */
public record RailHomogeneityResponse(int rail, int nodes, List<AttributeSpreadResponse> attributes) {

    static RailHomogeneityResponse of(RailHomogeneity homogeneity) {
        return new RailHomogeneityResponse(
                homogeneity.rail(), homogeneity.nodes(), AttributeSpreadResponse.of(homogeneity.attributes()));
    }
}
