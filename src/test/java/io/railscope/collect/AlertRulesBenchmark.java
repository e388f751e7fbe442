package io.railscope.collect;

import io.agroal.api.AgroalDataSource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.railscope.alert.AlertEvaluator;
import io.railscope.alert.AlertStore;
import io.railscope.config.CellSettings;
import io.railscope.config.SimulatedCellSettings;
import io.railscope.model.Fault;
import io.railscope.source.CellSources;
import io.railscope.source.sim.SimulatedCell;
import jakarta.inject.Inject;
import java.sql.Connection;
import java.sql.Statement;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The cost of evaluating every alert rule over a 12,000-node cell: as the simulator leaves it (a few
 * faults), and with one rail port in ten degraded and flapping (9,600 alerts). Run with
 * {@code ./mvnw -B -Pbench test -Dtest=AlertRulesBenchmark}.
 */
@Tag("bench")
@QuarkusTest
@TestProfile(CollectBenchmark.QuietFleet.class)
class AlertRulesBenchmark {

    @Inject
    BenchmarkCells cells;

    private static final int NODES = Integer.getInteger("bench.nodes", 12_000);
    private static final int ROUNDS = Integer.getInteger("bench.rounds", 8);

    @Inject
    AlertEvaluator evaluator;

    @Inject
    AlertStore alerts;

    @Inject
    AgroalDataSource dataSource;

    @Test
    void evaluateTwelveThousandNodes() throws Exception {
        String name = "alerts-" + NODES;
        List<Fault> faults = List.of(
                Fault.RAIL_DOWN,
                Fault.NEIGHBOR_OVER_GC_THRESH2,
                Fault.SYMBOL_ERRORS_RISING,
                Fault.POOL_NEAR_EXHAUSTION,
                Fault.NCCL_SOCKET_FALLBACK,
                Fault.WHEREABOUTS_LEAK);
        SimulatedCell cell = new SimulatedCell(name, NODES, BenchmarkCell.DEVICES, 400, 1, faults, Clock.systemUTC());
        CellSettings settings = cells.settings(name, Optional.of(new SimulatedCellSettings(NODES, faults, 1)));
        ExecutorService executor = Executors.newCachedThreadPool();
        try {
            CellCollector collector = cells.collector(
                    name,
                    new CellSources(Optional.of(cell), Optional.of(cell), Optional.of(cell)),
                    Optional.of(new SimulatedCellSettings(NODES, faults, 1)),
                    executor);
            collector.collect();
            collector.collect();
            List<Double> typical = rounds(settings);
            long typicalAlerts = open(name);
            try (Connection connection = dataSource.getConnection();
                    Statement statement = connection.createStatement()) {
                statement.executeUpdate("""
                        UPDATE rail_port_state SET health = 'DEGRADED', link_downed_increase = 1, reason = 'flapped'
                         WHERE rail_port_id %% 10 = 0 AND cell_id = (SELECT id FROM cell WHERE name = '%s')""".formatted(name));
            }
            long start = System.nanoTime();
            evaluator.evaluate(settings);
            double firstWorst = (System.nanoTime() - start) / 1e9;
            List<Double> worst = rounds(settings);
            long worstAlerts = open(name);
            String text = String.format(
                    Locale.ROOT,
                    """
                    cell: %,d nodes, %,d rail ports; faults %s
                    typical: %d open alerts; evaluation (read state, the rules, lifecycle, write) min %.3f s, median %.3f s, max %.3f s
                    one rail port in ten degraded and flapping: %,d open alerts; first evaluation (inserting them) %.2f s;
                      then min %.2f s, median %.2f s, max %.2f s
                    """,
                    NODES,
                    NODES * 8,
                    faults,
                    typicalAlerts,
                    min(typical),
                    BenchmarkCell.median(typical),
                    max(typical),
                    worstAlerts,
                    firstWorst,
                    min(worst),
                    BenchmarkCell.median(worst),
                    max(worst));
            BenchmarkCell.report("alert rules", "alert-rules-" + NODES + ".txt", text);
        } finally {
            executor.shutdownNow();
        }
    }

    private List<Double> rounds(CellSettings settings) {
        List<Double> seconds = new ArrayList<>();
        for (int round = 0; round < ROUNDS; round++) {
            long start = System.nanoTime();
            evaluator.evaluate(settings);
            seconds.add((System.nanoTime() - start) / 1e9);
        }
        return seconds;
    }

    private long open(String cell) {
        return alerts.current(Instant.now()).stream()
                .filter(alert -> alert.cell().equals(cell) && !alert.state().equals("RESOLVED"))
                .count();
    }

    private static double min(List<Double> values) {
        return values.stream().mapToDouble(Double::doubleValue).min().orElse(Double.NaN);
    }

    private static double max(List<Double> values) {
        return values.stream().mapToDouble(Double::doubleValue).max().orElse(Double.NaN);
    }
}
