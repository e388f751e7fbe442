package io.railscope.store;

import io.railscope.config.Fleet;
import io.railscope.read.KnownCells;
import jakarta.enterprise.context.ApplicationScoped;

/** Whether a cell name is one Railscope knows: configured here, or stored (by this or another replica). */
@ApplicationScoped
public class SqlKnownCells implements KnownCells {

    private final Fleet fleet;
    private final ConsistentRead consistentRead;

    public SqlKnownCells(Fleet fleet, ConsistentRead consistentRead) {
        this.fleet = fleet;
        this.consistentRead = consistentRead;
    }

    @Override
    public boolean known(String cell) {
        return fleet.cell(cell).isPresent()
                || consistentRead.read(
                        connection -> !Rows.list(connection, "SELECT 1 FROM cell WHERE name = ?", row -> 1, cell)
                                .isEmpty());
    }
}
