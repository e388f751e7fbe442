package io.railscope.config;

import io.railscope.model.Fault;
import java.util.List;

/** Size, initial faults and seed of a simulated cell. */
public record SimulatedCellSettings(int nodes, List<Fault> faults, long seed) {

    public SimulatedCellSettings {
        faults = List.copyOf(faults);
    }
}
