package io.railscope.store;

import io.railscope.assess.NeighborAssessment;
import io.railscope.assess.PortAssessment;
import java.util.List;

/** The node-metrics part of a collection: every assessed rail port and neighbor table. */
public record NodeMetricsState(List<PortAssessment> ports, List<NeighborAssessment> neighbors) {
}
