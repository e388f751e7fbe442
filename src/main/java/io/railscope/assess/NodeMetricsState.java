package io.railscope.assess;

import io.railscope.audit.IsolationFinding;
import io.railscope.fabric.FabricBlame;
import io.railscope.fabric.Miswiring;
import io.railscope.fabric.RailCable;
import io.railscope.fabric.SwitchTiers;
import io.railscope.source.ScrapeTarget;
import java.util.List;

/** The node-metrics part of a collection: every assessed rail port and neighbor table, the exporters
 * scraped, nodes whose RDMA netns mode is a finding, the attributes of the rail ports that report any, and the nodes
 * whose rails disagree; the cable of every rail port whose switch is known, and what the unhealthy ports are blamed on. */
public record NodeMetricsState(
        List<PortAssessment> ports,
        List<NeighborAssessment> neighbors,
        List<ScrapeTarget> targets,
        List<IsolationFinding> isolation,
        List<RailPortAttributes> attributes,
        List<RailsDisagreement> railDisagreements,
        List<RailCable> cables,
        SwitchTiers tiers,
        List<FabricBlame> blames,
        List<Miswiring.Miswired> miswired) {

    /** A state without port attributes. */
    public NodeMetricsState(
            List<PortAssessment> ports,
            List<NeighborAssessment> neighbors,
            List<ScrapeTarget> targets,
            List<IsolationFinding> isolation) {
        this(
                ports,
                neighbors,
                targets,
                isolation,
                List.of(),
                List.of(),
                List.of(),
                SwitchTiers.NONE,
                List.of(),
                List.of());
    }
}
