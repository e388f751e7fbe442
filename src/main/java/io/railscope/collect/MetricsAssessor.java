package io.railscope.collect;

import io.railscope.alert.AlertInputs;
import io.railscope.assess.NeighborAssessment;
import io.railscope.assess.NodeMetricsState;
import io.railscope.assess.PortAssessment;
import io.railscope.assess.PortHealthRule;
import io.railscope.assess.RailPortAttributes;
import io.railscope.assess.RailsDisagreements;
import io.railscope.audit.IsolationAudit;
import io.railscope.config.CellSettings;
import io.railscope.config.RailscopeConfig;
import io.railscope.fabric.FabricLocalisation;
import io.railscope.fabric.FabricPort;
import io.railscope.fabric.Miswiring;
import io.railscope.fabric.RailCable;
import io.railscope.model.PortHealth;
import io.railscope.source.NeighborReading;
import io.railscope.source.NodeMetricsSnapshot;
import io.railscope.source.RailPortReading;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * Assesses a cell's node metrics against the previous snapshot of the same cell, which it keeps:
 * rates need two readings. On its first snapshot under a lease epoch (a start, a restart, this
 * replica taking the cell over, or taking it back after another replica held it: the snapshot it
 * kept may predate what others committed) a port whose verdict rested on rates or flaps keeps the
 * verdict last committed for it, whoever committed it, until the next snapshot gives rates again, so
 * a rate- or increase-based alert does not resolve and fire again because the cell changed hands. A snapshot taken
 * less than half an interval after the one before may count too little to clear a port: one it finds OK keeps its
 * last committed DEGRADED verdict too. Ports on
 * devices that are no rail of the cell are left out; of two ports of one device, the first reported
 * serves the rail.
 */
final class MetricsAssessor {

    private final CellSettings cell;
    private final RailscopeConfig.Thresholds thresholds;
    private final PortHealthRule rule;
    private final FabricLocalisation.Settings fabric;
    private final IsolationAudit audit;
    private static final String CARRIED = " (as last collected: rates need a second reading)";

    private final Supplier<List<AlertInputs.Port>> committedUnhealthy;
    private Map<String, RailPortReading> previousPorts = Map.of();
    private Instant previousAt;
    private long previousEpoch = -1;
    private final double minWindowSeconds;

    MetricsAssessor(
            CellSettings cell,
            RailscopeConfig.Thresholds thresholds,
            FabricLocalisation.Settings fabric,
            IsolationAudit audit,
            Supplier<List<AlertInputs.Port>> committedUnhealthy) {
        this.cell = cell;
        this.fabric = fabric;
        this.committedUnhealthy = committedUnhealthy;
        this.audit = audit;
        this.thresholds = thresholds;
        this.rule = new PortHealthRule(thresholds, cell.expectedGbps());
        this.minWindowSeconds = cell.interval().toMillis() / 2000.0;
    }

    /**
     * Assesses {@code snapshot}, collected under the cell's lease at {@code epoch}, with what else places the cell's nodes
     * and switches ({@code inputs}).
     */
    NodeMetricsState assess(NodeMetricsSnapshot snapshot, long epoch, FabricInputs inputs) {
        if (epoch != previousEpoch) {
            previousPorts = Map.of();
            previousAt = null;
            previousEpoch = epoch;
        }
        double seconds = previousAt == null
                ? 0
                : Duration.between(previousAt, snapshot.at()).toMillis() / 1000.0;
        // a window shorter than half the interval (a collection on taking the cell, or on demand, just before a
        // scheduled one) may hold too few counts to clear a port by: one it finds OK keeps its committed verdict
        boolean shortWindow = previousAt != null && seconds < minWindowSeconds;
        Map<String, AlertInputs.Port> committed = previousAt == null || shortWindow ? committed() : Map.of();
        Map<String, RailPortReading> current = new HashMap<>(snapshot.ports().size() * 2);
        List<PortAssessment> ports = new ArrayList<>(snapshot.ports().size());
        List<RailPortAttributes> attributes = new ArrayList<>(snapshot.ports().size());
        RailsDisagreements disagreements = new RailsDisagreements();
        for (RailPortReading reading : snapshot.ports()) {
            int rail = cell.railOf(reading.device());
            if (rail == 0) {
                continue;
            }
            String key = reading.node() + '\u0000' + rail;
            if (current.putIfAbsent(key, reading) != null) {
                continue;
            }
            if (!reading.attributes().isUnknown()) {
                attributes.add(new RailPortAttributes(reading.node(), rail, reading.attributes()));
            }
            RailPortReading previous = seconds > 0 ? previousPorts.get(key) : null;
            PortAssessment assessed = rule.assess(reading, previous, rail, seconds);
            disagreements.add(reading.node(), rail, assessed.stateId(), assessed.rateGbps(), reading.attributes());
            AlertInputs.Port last = previous == null || shortWindow ? committed.get(key) : null;
            ports.add(
                    last != null && assessed.health() == PortHealth.OK && last.health() == PortHealth.DEGRADED
                            ? carried(assessed, last)
                            : assessed);
        }
        List<NeighborAssessment> neighbors =
                new ArrayList<>(snapshot.neighbors().size());
        for (NeighborReading reading : snapshot.neighbors()) {
            neighbors.add(NeighborAssessment.of(reading, thresholds));
        }
        previousPorts = current;
        previousAt = snapshot.at();
        CellCabling cabling = CellCabling.of(cell, snapshot, ports, inputs);
        List<FabricPort> fabricPorts = fabricPorts(ports, cabling.cables());
        return new NodeMetricsState(
                ports,
                neighbors,
                snapshot.targets(),
                audit.rdmaNetns(snapshot.rdmaNetns()),
                attributes,
                disagreements.find(),
                cabling.cables(),
                cabling.tiers(),
                FabricLocalisation.blame(fabricPorts, cabling.tiers(), fabric),
                Miswiring.find(cabling.perRail(fabricPorts)));
    }

    private List<FabricPort> fabricPorts(List<PortAssessment> ports, List<RailCable> cables) {
        Map<String, RailCable> byPort = new HashMap<>(cables.size() * 2);
        cables.forEach(cable -> byPort.put(cable.node() + '\u0000' + cable.rail(), cable));
        List<FabricPort> fabricPorts = new ArrayList<>(ports.size());
        for (PortAssessment port : ports) {
            RailCable cable = byPort.get(port.node() + '\u0000' + port.rail());
            fabricPorts.add(new FabricPort(
                    port.node(),
                    port.rail(),
                    port.device(),
                    cable == null ? null : cable.switchName(),
                    cable == null ? null : cable.switchPort(),
                    rule.symptoms(port)));
        }
        return fabricPorts;
    }

    private Map<String, AlertInputs.Port> committed() {
        Map<String, AlertInputs.Port> byKey = new HashMap<>();
        try {
            committedUnhealthy.get().forEach(port -> byKey.put(port.node() + '\u0000' + port.rail(), port));
        } catch (RuntimeException e) {
            // nothing committed to carry: the first snapshot is judged on its own
        }
        return byKey;
    }

    /** The verdict last committed for a port whose rates the first snapshot cannot give, with the port's link as it is now. */
    private static PortAssessment carried(PortAssessment now, AlertInputs.Port last) {
        return new PortAssessment(
                now.node(),
                now.rail(),
                now.device(),
                now.port(),
                now.stateId(),
                now.physicalStateId(),
                now.rateGbps(),
                now.rxBytesPerSecond(),
                now.txBytesPerSecond(),
                last.symbolErrorsPerHour() == null ? Double.NaN : last.symbolErrorsPerHour(),
                last.errorsPerSecond() == null ? Double.NaN : last.errorsPerSecond(),
                last.linkDownedIncrease(),
                last.congestionRatio() == null ? Double.NaN : last.congestionRatio(),
                PortHealth.DEGRADED,
                last.reason() == null || last.reason().endsWith(CARRIED) ? last.reason() : last.reason() + CARRIED,
                now.cnpPerSecond(),
                now.ecnMarkedPerSecond(),
                last.pfcPauseRatio() == null ? Double.NaN : last.pfcPauseRatio(),
                now.cnpIgnoredPerSecond());
    }
}
