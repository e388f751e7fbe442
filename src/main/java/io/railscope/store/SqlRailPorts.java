package io.railscope.store;

import io.railscope.assess.PeerBlame;
import io.railscope.assess.PeerBlame.PortFacts;
import io.railscope.model.PortHealth;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A cell's rail ports as {@link PeerBlame} reads them: the port's verdict now and, within a window (the job's life),
 * the spans its samples were not OK, as {@code DOWN from … to …}.
 */
final class SqlRailPorts implements PeerBlame.Ports {

    /** Samples store health as 0 OK, 1 DEGRADED, 2 DOWN (NodeMetricsWriter). */
    private static final PortHealth[] SAMPLED = {PortHealth.OK, PortHealth.DEGRADED, PortHealth.DOWN};

    private static final Duration BEFORE = Duration.ofMinutes(15);
    private static final Duration AFTER = Duration.ofMinutes(5);

    private final Connection connection;
    private final int cellId;
    private final Instant from;
    private final Instant to;

    /** @param from, to the window whose samples count (widened by a quarter of an hour before and five minutes after) */
    SqlRailPorts(Connection connection, int cellId, Instant from, Instant to) {
        this.connection = connection;
        this.cellId = cellId;
        this.from = from == null ? null : from.minus(BEFORE);
        this.to = to == null ? null : to.plus(AFTER);
    }

    @Override
    public Optional<PortFacts> byDevice(String node, String device) {
        return port(node, device);
    }

    @Override
    public Optional<String> nodeOfMachine(String machineId) {
        // spec.providerID ends with the machine: aws:///us-west-2a/i-0123456789abcdef0
        return query(() -> Rows.first(
                connection,
                "SELECT name FROM node WHERE cell_id = ? AND provider_id LIKE ? ORDER BY name",
                row -> row.text("name"),
                cellId,
                "%/" + machineId.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")));
    }

    private Optional<PortFacts> port(String node, String device) {
        return query(() -> {
            Optional<Port> found = Rows.first(
                    connection,
                    """
                    SELECT p.id, p.rail, p.device, s.health, s.reason
                      FROM rail_port p JOIN node n ON n.id = p.node_id LEFT JOIN rail_port_state s ON s.rail_port_id = p.id
                     WHERE n.cell_id = ? AND n.name = ? AND p.device = ?""",
                    row -> new Port(
                            row.integer("id"),
                            row.integer("rail"),
                            row.text("device"),
                            row.text("health") == null ? null : PortHealth.valueOf(row.text("health")),
                            row.text("reason")),
                    cellId,
                    node,
                    device);
            if (found.isEmpty()) {
                return Optional.empty();
            }
            Port port = found.get();
            return Optional.of(
                    new PortFacts(port.rail(), port.device(), port.health(), port.reason(), history(port.id())));
        });
    }

    private record Port(int id, int rail, String device, PortHealth health, String reason) {}

    /** The spans the port's samples were not OK within the window, oldest first. */
    private List<String> history(int portId) throws SQLException {
        if (from == null || to == null) {
            return List.of();
        }
        List<Sample> samples = Rows.list(
                connection,
                "SELECT ts, health FROM rail_port_sample WHERE rail_port_id = ? AND ts BETWEEN ? AND ? ORDER BY ts",
                row -> Sample.stored(row.instant("ts"), row.integer("health")),
                portId,
                Timestamp.from(from),
                Timestamp.from(to));
        return spans(samples);
    }

    record Sample(Instant at, PortHealth health) {

        /** A sample as stored: health 0 OK, 1 DEGRADED, 2 DOWN. */
        static Sample stored(Instant at, int health) {
            return new Sample(at, SAMPLED[Math.min(Math.max(health, 0), 2)]);
        }
    }

    /** A span of samples of one health other than OK; {@code until} null while it lasts. */
    record Span(PortHealth health, Instant from, Instant until) {

        /** {@code DOWN from <first> to <first other health after>}, or {@code … on}. */
        String words() {
            return health + " from " + at(from) + (until == null ? " on" : " to " + at(until));
        }
    }

    /** Consecutive samples of one health other than OK as one span. */
    static List<Span> spansOf(List<Sample> samples) {
        List<Span> spans = new ArrayList<>();
        Sample start = null;
        for (Sample sample : samples) {
            if (start != null && sample.health() != start.health()) {
                spans.add(new Span(start.health(), start.at(), sample.at()));
                start = null;
            }
            if (start == null && sample.health() != PortHealth.OK) {
                start = sample;
            }
        }
        if (start != null) {
            spans.add(new Span(start.health(), start.at(), null));
        }
        return spans;
    }

    /** The spans in words. */
    static List<String> spans(List<Sample> samples) {
        return spansOf(samples).stream().map(Span::words).toList();
    }

    private static String at(Instant instant) {
        return instant.truncatedTo(ChronoUnit.SECONDS).toString();
    }

    private interface Query<T> {
        Optional<T> run() throws SQLException;
    }

    private static <T> Optional<T> query(Query<T> query) {
        try {
            return query.run();
        } catch (SQLException e) {
            throw new IllegalStateException("reading rail ports: " + e.getMessage(), e);
        }
    }
}
