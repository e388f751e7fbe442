package io.railscope.alert;

import java.util.List;

/** Reads what a cell's alert rules need, in one snapshot, through the partial indexes on unhealthy rows. */
public interface AlertInputsReader {

    AlertInputs read(String cell, double blockFullRatio);

    /** The cell's rail ports that were not OK at its last commit. */
    List<AlertInputs.Port> unhealthyPorts(String cell);
}
