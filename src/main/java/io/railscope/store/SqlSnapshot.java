package io.railscope.store;

import io.railscope.assess.RailPortRows;
import io.railscope.read.CellRows;
import io.railscope.read.IpamRows;
import io.railscope.read.JobRows;
import io.railscope.read.JobTimelineRows;
import io.railscope.read.RailAttributeRows;
import io.railscope.read.SearchRows;
import io.railscope.read.Snapshot;
import java.sql.Connection;

/** The rows of one snapshot, read on its transaction's connection. */
record SqlSnapshot(Connection connection) implements Snapshot {

    @Override
    public CellRows cells() {
        return new SqlCellRows(connection);
    }

    @Override
    public IpamRows ipam() {
        return new SqlIpamRows(connection);
    }

    @Override
    public JobRows jobs() {
        return new SqlJobRows(connection);
    }

    @Override
    public JobTimelineRows jobTimelines() {
        return new SqlJobTimelineRows(connection);
    }

    @Override
    public RailAttributeRows railAttributes() {
        return new SqlRailAttributeRows(connection);
    }

    @Override
    public SearchRows search() {
        return new SqlSearchRows(connection);
    }

    @Override
    public RailPortRows railPorts(int cellId) {
        return new SqlRailPorts(connection, cellId);
    }
}
