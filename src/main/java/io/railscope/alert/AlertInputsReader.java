package io.railscope.alert;

import io.railscope.assess.RailPortRows;
import java.util.List;
import java.util.function.BiFunction;

/** Reads what a cell's alert rules need, in one snapshot, through the partial indexes on unhealthy rows. */
public interface AlertInputsReader {

    /**
     * Reads the cell's inputs (node blocks at least {@code blockFullRatio} full, at most {@code disagreementsLimit}
     * nodes whose rails disagree) and hands them, with the cell's rail ports, to {@code complete}, which runs inside
     * the same snapshot: the ports a failed job's suspects are looked up in are of the same commit as the job.
     */
    AlertInputs read(
            String cell,
            double blockFullRatio,
            int disagreementsLimit,
            BiFunction<AlertInputs, RailPortRows, AlertInputs> complete);

    /** The cell's rail ports that were not OK at its last commit. */
    List<AlertInputs.Port> unhealthyPorts(String cell);
}
