package io.railscope.store;

import static io.railscope.store.Queries.unchecked;

import io.railscope.assess.PortHealthSample;
import io.railscope.read.JobTimelineRows;
import java.sql.Connection;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.List;

/** A job's NCCL log reads and its nodes' rail port changes, read on one connection. */
final class SqlJobTimelineRows implements JobTimelineRows {

    private final Connection connection;

    SqlJobTimelineRows(Connection connection) {
        this.connection = connection;
    }

    @Override
    public List<LogRead> logReads(int jobId) {
        return unchecked(() -> Rows.list(
                connection,
                """
                SELECT pod, container, read_at, coalesce((facts ->> 'fatalCount')::bigint, 0) AS fatal,
                       coalesce((facts ->> 'infoLines')::bigint, 0) AS info, jsonb_array_length(facts -> 'ranks') AS ranks
                  FROM nccl_log l JOIN nccl_job j ON j.cell_id = l.cell_id AND j.namespace = l.namespace AND j.name = l.job
                 WHERE j.id = ? ORDER BY read_at""",
                row -> new LogRead(
                        row.text("pod"),
                        row.text("container"),
                        row.instant("read_at"),
                        row.integer("fatal"),
                        row.integer("info"),
                        row.integer("ranks")),
                jobId));
    }

    @Override
    public List<RailChange> railChanges(int cellId, int jobId, Instant from, Instant to) {
        return unchecked(() -> Rows.list(
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
                row -> {
                    PortHealthSample sample = SqlRailPorts.sample(row.instant("ts"), row.integer("health"));
                    return new RailChange(
                            row.text("node"), row.integer("rail"), row.text("device"), sample.at(), sample.health());
                },
                Timestamp.from(from),
                Timestamp.from(to),
                Timestamp.from(from),
                Timestamp.from(to),
                cellId,
                jobId,
                jobId));
    }
}
