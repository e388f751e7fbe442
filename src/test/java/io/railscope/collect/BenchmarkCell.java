package io.railscope.collect;

import io.railscope.config.CellSettings;
import io.railscope.config.IpamSettings;
import io.railscope.config.RailscopeConfig;
import io.railscope.config.SimulatedCellSettings;
import io.railscope.source.CellSources;
import io.railscope.store.CellStateWriter;
import io.railscope.telemetry.SelfMetrics;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutorService;

/** What the collection benchmarks share: a cell of eight 400G rails collected from given sources, and medians. */
final class BenchmarkCell {

    static final List<String> DEVICES = List.of("mlx5_0", "mlx5_1", "mlx5_2", "mlx5_3", "mlx5_4", "mlx5_5", "mlx5_6", "mlx5_7");

    private BenchmarkCell() {
    }

    static CellCollector collector(String name, CellSources sources, Optional<SimulatedCellSettings> simulated, ExecutorService executor,
            RailscopeConfig config, CellStateWriter writer, SelfMetrics metrics) {
        CellSettings settings = new CellSettings(name, Duration.ofSeconds(30), DEVICES, 400, IpamSettings.defaults(), simulated,
                Optional.empty());
        SourceFetcher fetcher = new SourceFetcher(name, sources.byKind(), executor, Duration.ofSeconds(120), Clock.systemUTC(), metrics);
        return new CellCollector(settings, fetcher, config, writer, metrics, Clock.systemUTC());
    }

    static double median(List<Double> values) {
        List<Double> sorted = new ArrayList<>(values);
        Collections.sort(sorted);
        return sorted.get(sorted.size() / 2);
    }
}
