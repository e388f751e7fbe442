package io.railscope.read;

import io.railscope.assess.RailPortRows;

/** The rows of one snapshot of the database, by what they are of. */
public interface Snapshot {

    CellRows cells();

    IpamRows ipam();

    JobRows jobs();

    JobTimelineRows jobTimelines();

    RailAttributeRows railAttributes();

    SearchRows search();

    /** The rail ports of the cell with this row id. */
    RailPortRows railPorts(int cellId);
}
