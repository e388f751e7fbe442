package io.railscope.assess;

import io.railscope.assess.PeerBlame.PortFacts;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * A cell's rail ports as {@link PeerBlame} reads them, from the stored rows: a port's verdict now and, within a window
 * (a job's life, widened by a quarter of an hour before and five minutes after), the spans its samples were not OK,
 * as {@code DOWN from … to …}.
 */
public final class StoredRailPorts implements PeerBlame.Ports {

    private static final Duration BEFORE = Duration.ofMinutes(15);
    private static final Duration AFTER = Duration.ofMinutes(5);

    private final RailPortRows rows;
    private final Instant from;
    private final Instant to;

    private StoredRailPorts(RailPortRows rows, Instant from, Instant to) {
        this.rows = rows;
        this.from = from;
        this.to = to;
    }

    /** The ports' verdicts now, without history: what an alert carries. */
    public static StoredRailPorts now(RailPortRows rows) {
        return new StoredRailPorts(rows, null, null);
    }

    /** The ports with the spans they were not OK while a job ran; no history when either end is unknown. */
    public static StoredRailPorts whileRunning(RailPortRows rows, Instant firstSeen, Instant lastSeen) {
        return new StoredRailPorts(
                rows,
                firstSeen == null ? null : firstSeen.minus(BEFORE),
                lastSeen == null ? null : lastSeen.plus(AFTER));
    }

    @Override
    public Optional<PortFacts> byDevice(String node, String device) {
        return rows.port(node, device)
                .map(port -> new PortFacts(
                        port.rail(),
                        port.device(),
                        port.health(),
                        port.reason(),
                        history(port),
                        port.leaf(),
                        port.leafPort()));
    }

    @Override
    public Optional<String> nodeOfMachine(String machineId) {
        return rows.nodeOfMachine(machineId);
    }

    private List<String> history(RailPortRows.Port port) {
        if (from == null || to == null) {
            return List.of();
        }
        return PortHealthSpan.words(rows.samples(port.id(), from, to));
    }
}
