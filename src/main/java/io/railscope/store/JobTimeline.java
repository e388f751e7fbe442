package io.railscope.store;

import io.railscope.read.JobSummary;
import io.railscope.read.TimelineEvent;
import io.railscope.source.nccl.NcclJobObservation.ContainerStart;
import io.railscope.source.nccl.NcclJobObservation.JobPod;
import io.railscope.source.nccl.RasStatus;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A job's timeline on one axis: when Railscope first and last saw it, its containers' starts, each NCCL log read and
 * what it said, the spans its nodes' rail ports were not OK while it ran, and what RAS last said. NCCL's own lines
 * carry no time: a log's facts are placed at the time it was read.
 */
final class JobTimeline {

    /** Events kept at most, the latest. */
    static final int MAX_EVENTS = 200;

    private static final Duration BEFORE = Duration.ofMinutes(15);
    private static final Duration AFTER = Duration.ofMinutes(5);
    /** Rail history looked at, at most: raw samples are kept two days. */
    private static final Duration AT_MOST = Duration.ofDays(2);

    private JobTimeline() {}

    static List<TimelineEvent> of(
            Connection connection, int cellId, int jobId, JobSummary job, List<JobPod> pods, RasStatus ras)
            throws SQLException {
        List<TimelineEvent> events = new ArrayList<>();
        if (job.firstSeen() != null) {
            events.add(new TimelineEvent(job.firstSeen(), TimelineEvent.Kind.JOB, "first seen by Railscope"));
        }
        for (JobPod pod : pods) {
            for (ContainerStart start : pod.started()) {
                events.add(new TimelineEvent(
                        start.at(),
                        TimelineEvent.Kind.POD,
                        "pod " + pod.name() + " container " + start.container() + " started"
                                + (pod.node() == null ? "" : " on " + pod.node())));
            }
        }
        events.addAll(Rows.list(
                connection,
                """
                SELECT pod, container, read_at, coalesce((facts ->> 'fatalCount')::bigint, 0) AS fatal,
                       coalesce((facts ->> 'infoLines')::bigint, 0) AS info, jsonb_array_length(facts -> 'ranks') AS ranks
                  FROM nccl_log l JOIN nccl_job j ON j.cell_id = l.cell_id AND j.namespace = l.namespace AND j.name = l.job
                 WHERE j.id = ? ORDER BY read_at""",
                row -> new TimelineEvent(
                        row.instant("read_at"),
                        TimelineEvent.Kind.NCCL,
                        "NCCL log of pod " + row.text("pod") + " (" + row.text("container") + ") read: "
                                + (row.integer("info") == 0
                                        ? "no NCCL INFO lines"
                                        : row.integer("ranks") + " rank" + (row.integer("ranks") == 1 ? "" : "s"))
                                + (row.integer("fatal") == 0
                                        ? ", no error"
                                        : ", " + row.integer("fatal") + " fatal error"
                                                + (row.integer("fatal") == 1 ? "" : "s"))),
                jobId));
        if (job.firstSeen() != null && job.lastSeen() != null) {
            Instant to = job.lastSeen().plus(AFTER);
            Instant from = job.firstSeen().minus(BEFORE);
            events.addAll(railSpans(
                    connection, cellId, jobId, from.isBefore(to.minus(AT_MOST)) ? to.minus(AT_MOST) : from, to));
        }
        if (ras != null && ras.queriedAt() != null) {
            events.add(new TimelineEvent(ras.queriedAt(), TimelineEvent.Kind.RAS, ras.summary()));
        }
        if (job.lastSeen() != null) {
            events.add(new TimelineEvent(job.lastSeen(), TimelineEvent.Kind.JOB, "last seen: " + job.verdict()));
        }
        events.sort(Comparator.comparing(TimelineEvent::at));
        return events.size() > MAX_EVENTS
                ? List.copyOf(events.subList(events.size() - MAX_EVENTS, events.size()))
                : events;
    }

    /** The spans the rail ports of the job's nodes were not OK within the window. */
    private static List<TimelineEvent> railSpans(Connection connection, int cellId, int jobId, Instant from, Instant to)
            throws SQLException {
        Map<String, List<SqlRailPorts.Sample>> byPort = new LinkedHashMap<>();
        Rows.list(
                connection,
                """
                SELECT n.name AS node, p.rail, p.device, t.ts, t.health
                  FROM (SELECT rail_port_id, ts, health, lag(health) OVER (PARTITION BY rail_port_id ORDER BY ts) AS before
                          FROM rail_port_sample
                         WHERE ts BETWEEN ? AND ?
                           -- only the ports of its nodes with a sample not OK in the window (a partial index holds those)
                           AND rail_port_id IN (
                               SELECT DISTINCT s.rail_port_id FROM rail_port_sample s
                                WHERE s.health > 0 AND s.ts BETWEEN ? AND ?
                                  AND s.rail_port_id IN (
                                      SELECT p.id FROM rail_port p JOIN node n ON n.id = p.node_id
                                       WHERE p.cell_id = ?
                                         AND n.name IN (SELECT DISTINCT node FROM nccl_rank WHERE job_id = ?
                                                        UNION SELECT value ->> 'node' FROM nccl_job, jsonb_array_elements(pods)
                                                               WHERE id = ?)))) t
                  JOIN rail_port p ON p.id = t.rail_port_id JOIN node n ON n.id = p.node_id
                 -- the changes of health alone: a port OK throughout has one row, and is dropped below
                 WHERE t.before IS DISTINCT FROM t.health
                 ORDER BY n.name, p.rail, t.ts""",
                row -> byPort.computeIfAbsent(
                                row.text("node") + " rail " + row.integer("rail") + " (" + row.text("device") + ")",
                                port -> new ArrayList<>())
                        .add(SqlRailPorts.Sample.stored(row.instant("ts"), row.integer("health"))),
                Timestamp.from(from),
                Timestamp.from(to),
                Timestamp.from(from),
                Timestamp.from(to),
                cellId,
                jobId,
                jobId);
        List<TimelineEvent> events = new ArrayList<>();
        byPort.forEach((port, samples) -> {
            for (SqlRailPorts.Span span : SqlRailPorts.spansOf(samples)) {
                events.add(new TimelineEvent(
                        span.from().truncatedTo(ChronoUnit.SECONDS),
                        TimelineEvent.Kind.RAIL,
                        port + " " + span.words()));
            }
        });
        return events;
    }
}
