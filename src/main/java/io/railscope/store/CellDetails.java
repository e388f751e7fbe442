package io.railscope.store;

import java.util.List;

/** What the cell page shows, all read from one snapshot. */
public record CellDetails(
        CellSummary summary,
        List<RailHealth> rails,
        List<PortIssue> portIssues,
        List<NeighborState> busiestNeighborTables,
        CellIpam ipam,
        List<JobState> jobs) {
}
