package io.railscope.store;

import static io.railscope.store.SqlStatements.update;

import io.railscope.assess.AssessedJob;
import io.railscope.assess.JobsState;
import io.railscope.assess.RankAssessment;
import io.railscope.source.nccl.ContainerLog;
import io.railscope.source.nccl.NcclJobObservation;
import io.railscope.source.nccl.NcclRankObservation;
import io.railscope.source.nccl.NcclWarning;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.sql.Types;
import java.util.List;
import java.util.Objects;
import java.util.TreeMap;

/**
 * Writes a cell's jobs with their ranks, and the container logs read for the first time. A job's
 * ranks are rewritten only when they or their verdicts changed; jobs no longer observed stay as
 * recent, not running.
 */
final class JobWriter {

    private final Connection connection;
    private final CellRow cell;
    private final CommitReport report;

    JobWriter(Connection connection, CellRow cell, CommitReport report) {
        this.connection = connection;
        this.cell = cell;
        this.report = report;
    }

    void write(JobsState state) throws SQLException {
        writeLogs(state.newLogs());
        try (PreparedStatement upsert = connection.prepareStatement("""
                INSERT INTO nccl_job AS j (cell_id, namespace, name, transport, verdict, reason, nranks, requested_rails,
                                      busbw_gbps, busbw_source, baseline_gbps, warnings, warning_kinds, pods, running, first_seen, last_seen,
                                      ranks_fingerprint, ranks_dropped, warnings_dropped, hosts_dropped, ras)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?::jsonb, ?, ?, ?, ?, ?, ?, ?, ?::jsonb)
                ON CONFLICT (cell_id, namespace, name) DO UPDATE
                   SET transport = EXCLUDED.transport, verdict = EXCLUDED.verdict, reason = EXCLUDED.reason,
                       nranks = EXCLUDED.nranks, requested_rails = EXCLUDED.requested_rails, busbw_gbps = EXCLUDED.busbw_gbps,
                       busbw_source = EXCLUDED.busbw_source, baseline_gbps = EXCLUDED.baseline_gbps, warnings = EXCLUDED.warnings,
                       warning_kinds = EXCLUDED.warning_kinds,
                       pods = EXCLUDED.pods, running = EXCLUDED.running, last_seen = EXCLUDED.last_seen,
                       ranks_fingerprint = EXCLUDED.ranks_fingerprint, ranks_dropped = EXCLUDED.ranks_dropped,
                       warnings_dropped = EXCLUDED.warnings_dropped, hosts_dropped = EXCLUDED.hosts_dropped,
                       ras = CASE WHEN EXCLUDED.ras IS NULL AND j.running AND EXCLUDED.running
                                       AND j.ranks_fingerprint IS NOT DISTINCT FROM EXCLUDED.ranks_fingerprint
                                       AND (j.ras ->> 'queriedAt')::timestamptz > ?
                                  THEN j.ras ELSE EXCLUDED.ras END
                RETURNING id, (SELECT ranks_fingerprint FROM nccl_job WHERE id = j.id) IS NOT DISTINCT FROM ?""");
                PreparedStatement deleteRanks = connection.prepareStatement("DELETE FROM nccl_rank WHERE job_id = ?");
                PreparedStatement insertRank = connection.prepareStatement("""
                        INSERT INTO nccl_rank (job_id, ordinal, rank, pod, node, host, nccl_version, network, hcas, link_layer, gdr,
                                               channels, init_complete, no_device, socket_interfaces, plugin, verdict, reason,
                                               busbw_gbps)
                        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?::jsonb, ?, ?, ?, ?, ?, ?, ?)""")) {
            int ranksWritten = 0;
            Timestamp rasAnsweredAfter = Timestamp.from(cell.at().minus(state.rasLifetime()));
            for (AssessedJob assessed : state.jobs()) {
                NcclJobObservation job = assessed.observation();
                int fingerprint = fingerprint(assessed);
                int p = 1;
                upsert.setInt(p++, cell.id());
                upsert.setString(p++, job.namespace());
                upsert.setString(p++, job.name());
                upsert.setString(p++, job.transport());
                upsert.setString(p++, assessed.assessment().verdict().name());
                upsert.setString(p++, assessed.assessment().reason());
                upsert.setInt(p++, job.nranks());
                upsert.setShort(p++, (short) Math.min(Short.MAX_VALUE, job.requestedRails()));
                upsert.setObject(p++, Double.isFinite(job.busbwGBps()) ? (float) job.busbwGBps() : null, Types.REAL);
                upsert.setString(
                        p++,
                        job.busbwSource() == null ? null : job.busbwSource().label());
                upsert.setObject(
                        p++,
                        assessed.baselineGBps() == null
                                ? null
                                : assessed.baselineGBps().floatValue(),
                        Types.REAL);
                upsert.setArray(
                        p++,
                        connection.createArrayOf(
                                "text",
                                job.warnings().stream().map(NcclWarning::text).toArray()));
                upsert.setArray(
                        p++,
                        connection.createArrayOf(
                                "text",
                                job.warnings().stream()
                                        .map(warning -> warning.kind().name())
                                        .toArray()));
                upsert.setString(p++, JsonColumns.write(job.pods()));
                upsert.setBoolean(p++, job.running());
                upsert.setTimestamp(p++, cell.timestamp());
                upsert.setTimestamp(p++, cell.timestamp());
                upsert.setInt(p++, fingerprint);
                upsert.setInt(p++, job.dropped().ranks());
                upsert.setInt(p++, job.dropped().warnings());
                upsert.setInt(p++, job.dropped().hosts());
                upsert.setString(p++, job.ras() == null ? null : JsonColumns.write(job.ras()));
                upsert.setTimestamp(p++, rasAnsweredAfter);
                upsert.setInt(p, fingerprint);
                int jobId;
                boolean unchanged;
                try (ResultSet rs = upsert.executeQuery()) {
                    rs.next();
                    jobId = rs.getInt(1);
                    unchanged = rs.getBoolean(2);
                }
                if (cell.sampled() && Double.isFinite(job.busbwGBps())) {
                    update(
                            connection,
                            "INSERT INTO nccl_job_sample (job_id, ts, busbw_gbps) VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
                            jobId,
                            cell.timestamp(),
                            (float) job.busbwGBps());
                }
                if (unchanged) {
                    continue;
                }
                deleteRanks.setInt(1, jobId);
                deleteRanks.executeUpdate();
                List<NcclRankObservation> ranks = job.ranks();
                for (int i = 0; i < ranks.size(); i++) {
                    NcclRankObservation rank = ranks.get(i);
                    RankAssessment verdict = assessed.assessment().ranks().get(i);
                    p = 1;
                    insertRank.setInt(p++, jobId);
                    insertRank.setInt(p++, i);
                    insertRank.setInt(p++, rank.rank());
                    insertRank.setString(p++, rank.pod());
                    insertRank.setString(p++, rank.node() == null ? "" : rank.node());
                    insertRank.setString(p++, rank.host());
                    insertRank.setString(p++, rank.ncclVersion());
                    insertRank.setString(p++, rank.network());
                    insertRank.setArray(
                            p++, connection.createArrayOf("text", rank.hcas().toArray()));
                    insertRank.setString(p++, rank.linkLayer());
                    insertRank.setObject(p++, rank.gdr(), Types.BOOLEAN);
                    insertRank.setString(p++, JsonColumns.write(new TreeMap<>(rank.channels())));
                    insertRank.setBoolean(p++, rank.initComplete());
                    insertRank.setBoolean(p++, rank.noDevice());
                    insertRank.setArray(
                            p++,
                            connection.createArrayOf(
                                    "text", rank.socketInterfaces().toArray()));
                    insertRank.setString(p++, rank.plugin());
                    insertRank.setString(p++, verdict.verdict().name());
                    insertRank.setString(p++, verdict.reason());
                    insertRank.setObject(
                            p,
                            rank.busbwGBps() == null ? null : rank.busbwGBps().floatValue(),
                            Types.REAL);
                    insertRank.addBatch();
                }
                insertRank.executeBatch();
                ranksWritten += ranks.size();
            }
            report.add("nccl_rank", ranksWritten);
        }
        report.add("nccl_job", state.jobs().size());
        update(
                connection,
                "UPDATE nccl_job SET running = false WHERE cell_id = ? AND running AND last_seen < ?",
                cell.id(),
                cell.timestamp());
    }

    private void writeLogs(List<ContainerLog> logs) throws SQLException {
        if (logs.isEmpty()) {
            return;
        }
        try (PreparedStatement insert = connection.prepareStatement("""
                INSERT INTO nccl_log (cell_id, namespace, job, pod, container, container_key, node, read_at, facts)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?::jsonb) ON CONFLICT DO NOTHING""")) {
            for (ContainerLog log : logs) {
                insert.setInt(1, cell.id());
                insert.setString(2, log.namespace());
                insert.setString(3, log.job());
                insert.setString(4, log.pod());
                insert.setString(5, log.container());
                insert.setString(6, log.containerKey());
                insert.setString(7, log.node());
                insert.setTimestamp(8, Timestamp.from(log.readAt()));
                insert.setString(9, JsonColumns.write(log.facts()));
                insert.addBatch();
            }
            insert.executeBatch();
        }
        report.add("nccl_log", logs.size());
    }

    /** Changes when a rank or a rank's verdict changes; stable across restarts (no identity hashes). */
    private static int fingerprint(AssessedJob assessed) {
        int hash = 1;
        List<NcclRankObservation> ranks = assessed.observation().ranks();
        for (int i = 0; i < ranks.size(); i++) {
            NcclRankObservation rank = ranks.get(i);
            RankAssessment verdict = assessed.assessment().ranks().get(i);
            hash = 31 * hash
                    + Objects.hash(
                            rank.rank(),
                            rank.pod(),
                            rank.node(),
                            rank.host(),
                            rank.ncclVersion(),
                            rank.network(),
                            rank.hcas(),
                            rank.linkLayer(),
                            rank.gdr(),
                            new TreeMap<>(rank.channels()).toString(),
                            rank.initComplete(),
                            rank.noDevice(),
                            rank.socketInterfaces(),
                            rank.busbwGBps(),
                            rank.plugin(),
                            verdict.verdict().name(),
                            verdict.reason());
        }
        return hash;
    }
}
