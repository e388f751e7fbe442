package io.railscope.assess;

import io.railscope.audit.IsolationFinding;
import io.railscope.source.ScrapeTarget;
import java.util.List;

/** The node-metrics part of a collection: every assessed rail port and neighbor table, the exporters
 * scraped, and nodes whose RDMA netns mode is a finding. */
public record NodeMetricsState(
        List<PortAssessment> ports,
        List<NeighborAssessment> neighbors,
        List<ScrapeTarget> targets,
        List<IsolationFinding> isolation) {}
