package io.railscope.ops;

import io.railscope.TestDatabases;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicInteger;

/** What {@link FleetBenchmark} saw, in numbers: gaps, the take-over, hand-overs, fencing, the webhook's count. */
final class FleetReport {

    private static final int BIG = FleetBenchmark.BIG;
    private static final int SMALL = FleetBenchmark.SMALL;
    private static final Duration INTERVAL = FleetBenchmark.INTERVAL;

    private FleetReport() {}

    static void write(
            Map<String, List<FleetBenchmark.Sample>> samples,
            Instant steady,
            Instant killedAt,
            String victim,
            List<String> victimCells,
            Map<String, Map<String, Double>> collections,
            Map<String, Double> seconds,
            double fenced,
            Map<String, AtomicInteger> deliveries,
            String database,
            List<String> apiErrors)
            throws Exception {
        // the worst gap between two collections of a cell, apart from the kill's cells across the kill
        double worstLag = 0;
        String worstCell = null;
        double worstTakeOver = 0;
        for (Map.Entry<String, List<FleetBenchmark.Sample>> cell : samples.entrySet()) {
            List<FleetBenchmark.Sample> list = cell.getValue();
            for (int i = 1; i < list.size(); i++) {
                if (list.get(i).collectedAt().isBefore(steady)) {
                    continue;
                }
                double gap = Duration.between(
                                        list.get(i - 1).collectedAt(),
                                        list.get(i).collectedAt())
                                .toMillis()
                        / 1000.0;
                boolean acrossKill = victimCells.contains(cell.getKey())
                        && list.get(i - 1).collectedAt().isBefore(killedAt)
                        && !list.get(i).collectedAt().isBefore(killedAt);
                if (acrossKill) {
                    worstTakeOver = Math.max(
                            worstTakeOver,
                            Duration.between(killedAt, list.get(i).collectedAt())
                                            .toMillis()
                                    / 1000.0);
                } else if (gap > worstLag) {
                    worstLag = gap;
                    worstCell = cell.getKey();
                }
            }
        }
        // how often a cell changed hands (kill aside): a replica that misses its heartbeats loses its cells
        List<String> handovers = new ArrayList<>();
        for (Map.Entry<String, List<FleetBenchmark.Sample>> cell : samples.entrySet()) {
            String last = null;
            for (FleetBenchmark.Sample sample : cell.getValue()) {
                boolean acrossKill = victimCells.contains(cell.getKey()) && victim.equals(last);
                if (last != null
                        && sample.replica() != null
                        && !sample.replica().equals(last)
                        && !acrossKill
                        && !sample.collectedAt().isBefore(steady)) {
                    handovers.add(
                            cell.getKey() + " " + last + " to " + sample.replica() + " at " + sample.collectedAt());
                }
                if (sample.replica() != null) {
                    last = sample.replica();
                }
            }
        }
        // collections per cell summed over the replicas, and cells collected by more than one replica in one interval
        Map<String, Double> perCell = new TreeMap<>();
        collections
                .values()
                .forEach(byCell -> byCell.forEach((cell, count) -> perCell.merge(cell, count, Double::sum)));
        StringBuilder bigCells = new StringBuilder();
        for (int i = 0; i < BIG; i++) {
            String cell = "big-" + i;
            bigCells.append(String.format(
                    "%s %.1f s over %.0f collections; ",
                    cell,
                    seconds.getOrDefault(cell, 0.0) / Math.max(1, perCell.getOrDefault(cell, 0.0)),
                    perCell.get(cell)));
        }
        long outbox;
        long delivered;
        long pending;
        long superseded;
        try (Connection connection = TestDatabases.connect(database);
                Statement statement = connection.createStatement();
                ResultSet rs = statement.executeQuery(
                        "SELECT count(*), count(delivered_at), count(*) FILTER (WHERE delivered_at IS NULL AND superseded_at IS NULL),"
                                + " count(superseded_at) FROM notification_outbox")) {
            rs.next();
            outbox = rs.getLong(1);
            delivered = rs.getLong(2);
            pending = rs.getLong(3);
            superseded = rs.getLong(4);
        }
        long received =
                deliveries.values().stream().mapToLong(AtomicInteger::get).sum();
        long duplicated =
                deliveries.values().stream().filter(count -> count.get() > 1).count();
        String text = String.format(
                """
                fleet: %d cells (%d of 12,000 nodes, %d of 64-448 nodes), 3 replicas (heartbeat 5 s, lease 15 s), interval %d s
                worst gap between two collections of a cell (kill aside): %.1f s (%s) = %.2f intervals
                replica %s killed with SIGKILL holding %d cells: all collected again within %.1f s = %.2f intervals
                collections per cell and replica (from each replica's /metrics): %s
                mean collection time of the 12,000-node cells: %s
                cells that changed hands in steady state while their replica lived: %s
                commits refused by fencing: %.0f
                /api/v1/cells polled every 0.5 s: %d answers not 200 %s
                webhook: %d notifications received under %d keys, %d keys received more than once;
                outbox: %d rows, %d delivered, %d superseded by a newer notification of their group, %d pending
                """,
                samples.size(),
                BIG,
                SMALL,
                INTERVAL.toSeconds(),
                worstLag,
                worstCell,
                worstLag / INTERVAL.toSeconds(),
                victim,
                victimCells.size(),
                worstTakeOver,
                worstTakeOver / INTERVAL.toSeconds(),
                collections,
                bigCells,
                handovers,
                fenced,
                apiErrors.size(),
                apiErrors,
                received,
                deliveries.size(),
                duplicated,
                outbox,
                delivered,
                superseded,
                pending);
        System.out.println("\n==== Railscope fleet benchmark ====\n" + text);
        Files.createDirectories(Path.of("target", "bench"));
        Files.writeString(Path.of("target", "bench", "fleet.txt"), text, StandardCharsets.UTF_8);
    }
}
