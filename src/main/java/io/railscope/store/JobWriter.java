package io.railscope.store;

import static io.railscope.store.SqlStatements.update;

import io.railscope.source.NcclJobObservation;
import io.railscope.source.NcclRankObservation;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;

/** Writes observed NCCL jobs with their ranks; jobs no longer observed stay as recent, not running. */
final class JobWriter {

    private final Connection connection;
    private final CellRow cell;
    private final CommitReport report;

    JobWriter(Connection connection, CellRow cell, CommitReport report) {
        this.connection = connection;
        this.cell = cell;
        this.report = report;
    }

    void write(List<AssessedJob> jobs) throws SQLException {
        try (PreparedStatement upsert = connection.prepareStatement("""
                INSERT INTO nccl_job (cell_id, namespace, name, transport, verdict, reason, nranks, requested_rails,
                                      busbw_gbps, running, first_seen, last_seen)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, true, ?, ?)
                ON CONFLICT (cell_id, namespace, name) DO UPDATE
                   SET transport = EXCLUDED.transport, verdict = EXCLUDED.verdict, reason = EXCLUDED.reason,
                       nranks = EXCLUDED.nranks, requested_rails = EXCLUDED.requested_rails, busbw_gbps = EXCLUDED.busbw_gbps,
                       running = true, last_seen = EXCLUDED.last_seen
                RETURNING id""");
                PreparedStatement deleteRanks = connection.prepareStatement("DELETE FROM nccl_rank WHERE job_id = ?");
                PreparedStatement insertRank = connection.prepareStatement("""
                        INSERT INTO nccl_rank (job_id, rank, pod, node, nccl_version, network, hcas, gdr, init_complete)
                        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (job_id, rank) DO NOTHING""")) {
            for (AssessedJob assessed : jobs) {
                NcclJobObservation job = assessed.observation();
                upsert.setInt(1, cell.id());
                upsert.setString(2, job.namespace());
                upsert.setString(3, job.name());
                upsert.setString(4, job.transport());
                upsert.setString(5, assessed.assessment().verdict().name());
                upsert.setString(6, assessed.assessment().reason());
                upsert.setInt(7, job.nranks());
                upsert.setShort(8, (short) job.requestedRails());
                upsert.setObject(9, Double.isFinite(job.busbwGBps()) ? (float) job.busbwGBps() : null, java.sql.Types.REAL);
                upsert.setTimestamp(10, cell.timestamp());
                upsert.setTimestamp(11, cell.timestamp());
                int jobId;
                try (ResultSet rs = upsert.executeQuery()) {
                    rs.next();
                    jobId = rs.getInt(1);
                }
                deleteRanks.setInt(1, jobId);
                deleteRanks.executeUpdate();
                for (NcclRankObservation rank : job.ranks()) {
                    insertRank.setInt(1, jobId);
                    insertRank.setInt(2, rank.rank());
                    insertRank.setString(3, rank.pod());
                    insertRank.setString(4, rank.node());
                    insertRank.setString(5, rank.ncclVersion());
                    insertRank.setString(6, rank.network());
                    insertRank.setArray(7, connection.createArrayOf("text", rank.hcas().toArray()));
                    insertRank.setBoolean(8, rank.gdr());
                    insertRank.setBoolean(9, rank.initComplete());
                    insertRank.addBatch();
                }
                insertRank.executeBatch();
                report.add("nccl_rank", job.ranks().size());
            }
        }
        report.add("nccl_job", jobs.size());
        update(connection, "UPDATE nccl_job SET running = false WHERE cell_id = ? AND running AND last_seen < ?",
                cell.id(), cell.timestamp());
    }
}
