package io.railscope.collect;

import io.railscope.assess.NeighborAssessment;
import io.railscope.assess.PortAssessment;
import io.railscope.assess.PortHealthRule;
import io.railscope.audit.IsolationAudit;
import io.railscope.config.CellSettings;
import io.railscope.config.RailscopeConfig;
import io.railscope.source.NeighborReading;
import io.railscope.source.NodeMetricsSnapshot;
import io.railscope.source.RailPortReading;
import io.railscope.store.NodeMetricsState;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Assesses a cell's node metrics against the previous snapshot of the same cell, which it keeps:
 * rates need two readings. Ports on devices that are no rail of the cell are left out; of two ports
 * of one device, the first reported serves the rail.
 */
final class MetricsAssessor {

    private final CellSettings cell;
    private final RailscopeConfig.Thresholds thresholds;
    private final PortHealthRule rule;
    private final IsolationAudit audit;
    private Map<String, RailPortReading> previousPorts = Map.of();
    private Instant previousAt;

    MetricsAssessor(CellSettings cell, RailscopeConfig.Thresholds thresholds, IsolationAudit audit) {
        this.cell = cell;
        this.audit = audit;
        this.thresholds = thresholds;
        this.rule = new PortHealthRule(thresholds, cell.expectedGbps());
    }

    NodeMetricsState assess(NodeMetricsSnapshot snapshot) {
        double seconds = previousAt == null ? 0 : Duration.between(previousAt, snapshot.at()).toMillis() / 1000.0;
        Map<String, RailPortReading> current = new HashMap<>(snapshot.ports().size() * 2);
        List<PortAssessment> ports = new ArrayList<>(snapshot.ports().size());
        for (RailPortReading reading : snapshot.ports()) {
            int rail = cell.railOf(reading.device());
            if (rail == 0) {
                continue;
            }
            String key = reading.node() + '\u0000' + rail;
            if (current.putIfAbsent(key, reading) != null) {
                continue;
            }
            RailPortReading previous = seconds > 0 ? previousPorts.get(key) : null;
            ports.add(rule.assess(reading, previous, rail, seconds));
        }
        List<NeighborAssessment> neighbors = new ArrayList<>(snapshot.neighbors().size());
        for (NeighborReading reading : snapshot.neighbors()) {
            neighbors.add(NeighborAssessment.of(reading, thresholds));
        }
        previousPorts = current;
        previousAt = snapshot.at();
        return new NodeMetricsState(ports, neighbors, snapshot.targets(),
                audit.rdmaNetns(snapshot.rdmaNetns()));
    }
}
