package io.railscope.read;

import io.railscope.assess.NeighborAssessment;
import io.railscope.assess.RailsDisagreement;
import java.util.List;
import java.util.Optional;

/** The cells as stored: their summaries, and the rows of the cell page besides its IPAM and jobs. */
public interface CellRows {

    /** A number that moves whenever a cell commits a collection or a cell is added. */
    long fleetVersion();

    /** The cell's collection sequence number; empty when no cell has that name. */
    Optional<Long> collectionSeq(String cell);

    /** The summaries of every cell, or of one when {@code only} is not null, by name. */
    List<CellSummary> summaries(String only);

    List<RailHealth> rails(String cell);

    /** The cell's rail ports that are not OK, the down ones first, at most {@code limit}. */
    List<PortIssue> portIssues(String cell, int limit);

    /** The cell's neighbor tables under the most pressure, at most {@code limit}. */
    List<NeighborAssessment> busiestNeighborTables(String cell, int limit);

    List<StoredFinding> isolationFindings(String cell);

    /** The exporters that did not answer at the cell's last scrape, at most {@code limit}. */
    List<CellDetails.FailedTarget> failedTargets(String cell, int limit);

    /** The cell's switches and what its unhealthy ports are blamed on, at its last collection. */
    CellFabric fabric(String cell);

    /** One switch of the cell: the host ports cabled to it and what is blamed on it; empty when none is cabled to it. */
    Optional<SwitchDetail> fabricSwitch(String cell, String name);

    FabricCounts fabricCounts(String cell);

    /** The nodes whose rails disagree at the cell's last collection, by name, at most {@code limit}. */
    List<RailsDisagreement> railDisagreements(String cell, int limit);
}
