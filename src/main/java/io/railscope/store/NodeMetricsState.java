package io.railscope.store;

import io.railscope.assess.NeighborAssessment;
import io.railscope.assess.PortAssessment;
import io.railscope.source.ScrapeTarget;
import java.util.List;

/** The node-metrics part of a collection: every assessed rail port and neighbor table, and the exporters scraped. */
public record NodeMetricsState(List<PortAssessment> ports, List<NeighborAssessment> neighbors, List<ScrapeTarget> targets) {
}
