package io.railscope.collect;

import io.railscope.config.AuditSettings;
import io.railscope.config.CellSettings;
import io.railscope.config.IpamSettings;
import io.railscope.config.NcclSettings;
import io.railscope.config.RailscopeConfig;
import io.railscope.config.SimulatedCellSettings;
import io.railscope.replica.Replicas;
import io.railscope.source.CellSources;
import io.railscope.store.JobBusbwSamples;
import io.railscope.telemetry.SelfMetrics;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutorService;

/** The benchmarks' cells: eight 400G rails, collected from given sources by the application's own writer. */
@ApplicationScoped
public class BenchmarkCells {

    private final RailscopeConfig config;
    private final CollectionCommit writer;
    private final JobBusbwSamples baselines;
    private final SelfMetrics metrics;
    private final Replicas replicas;

    public BenchmarkCells(
            RailscopeConfig config,
            CollectionCommit writer,
            JobBusbwSamples baselines,
            SelfMetrics metrics,
            Replicas replicas) {
        this.replicas = replicas;
        this.config = config;
        this.writer = writer;
        this.baselines = baselines;
        this.metrics = metrics;
    }

    CellSettings settings(String name, Optional<SimulatedCellSettings> simulated) {
        return new CellSettings(
                name,
                Duration.ofSeconds(30),
                BenchmarkCell.DEVICES,
                400,
                IpamSettings.defaults(),
                NcclSettings.defaults(),
                AuditSettings.defaults(),
                simulated,
                Optional.empty());
    }

    /** A collector without alert rules after it, so that a benchmark measures the collection alone. */
    CellCollector collector(
            String name, CellSources sources, Optional<SimulatedCellSettings> simulated, ExecutorService executor) {
        SourceFetcher fetcher = new SourceFetcher(
                name, sources.byKind(), executor, Duration.ofSeconds(120), Clock.systemUTC(), metrics);
        return new CellCollector(
                settings(name, simulated),
                fetcher,
                config,
                writer,
                baselines,
                metrics,
                Clock.systemUTC(),
                cell -> {},
                cellName -> List.of(),
                replicas);
    }
}
