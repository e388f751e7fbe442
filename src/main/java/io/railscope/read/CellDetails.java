package io.railscope.read;

import io.railscope.assess.NeighborAssessment;
import io.railscope.assess.RailsDisagreement;
import java.util.List;

/**
 * What the cell page shows, all read from one snapshot; {@code failedTargets} is empty unless exporters are scraped;
 * {@code railDisagreements}, the nodes whose rails disagree (at most {@link #DISAGREEMENTS_READ}).
 */
public record CellDetails(
        CellSummary summary,
        List<RailHealth> rails,
        List<PortIssue> portIssues,
        List<NeighborAssessment> busiestNeighborTables,
        CellIpam ipam,
        List<JobSummary> jobs,
        List<StoredFinding> isolation,
        List<FailedTarget> failedTargets,
        List<RailsDisagreement> railDisagreements,
        CellFabric fabric) {

    /** How many nodes whose rails disagree are read for the cell page and API. */
    public static final int DISAGREEMENTS_READ = 200;

    /** An exporter that did not answer at the cell's last node-metrics collection, and why. */
    public record FailedTarget(String target, String node, String error, int durationMs) {}

    /** How many isolation findings the cell page lists before it links to the audit page. */
    public static final int ISOLATION_SHOWN = 15;

    public List<StoredFinding> isolationShown() {
        return isolation.subList(0, Math.min(ISOLATION_SHOWN, isolation.size()));
    }
}
