package io.railscope.source.sim;

import io.railscope.config.CellSettings;
import io.railscope.source.CellSourceFactory;
import io.railscope.source.CellSources;
import io.railscope.source.nccl.NcclLogArchive;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Clock;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/** Builds the simulated cells and keeps them, so faults can be injected while they run. */
@ApplicationScoped
public class SimulatedFleet implements CellSourceFactory {

    private final Map<String, SimulatedCell> cells = new ConcurrentHashMap<>();
    private final NcclLogArchive archive;
    private final Clock clock;

    public SimulatedFleet(NcclLogArchive archive, Clock clock) {
        this.clock = clock;
        this.archive = archive;
    }

    @Override
    public Optional<CellSources> create(CellSettings settings) {
        return settings.simulated().map(sim -> {
            SimulatedCell cell = cells.computeIfAbsent(
                    settings.name(),
                    name -> new SimulatedCell(
                            name,
                            sim.nodes(),
                            settings.railDevices(),
                            settings.expectedGbps(),
                            sim.seed(),
                            sim.faults(),
                            clock,
                            settings.ipam(),
                            settings.nccl(),
                            archive));
            return new CellSources(Optional.of(cell), Optional.of(cell), Optional.of(cell));
        });
    }

    public Optional<SimulatedCell> cell(String name) {
        return Optional.ofNullable(cells.get(name));
    }
}
