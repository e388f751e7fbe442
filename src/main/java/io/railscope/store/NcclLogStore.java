package io.railscope.store;

import com.fasterxml.jackson.core.JsonProcessingException;
import io.agroal.api.AgroalDataSource;
import io.railscope.source.nccl.ContainerLog;
import io.railscope.source.nccl.NcclLogArchive;
import io.railscope.source.nccl.NcclLogFacts;
import jakarta.enterprise.context.ApplicationScoped;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.util.ArrayList;
import java.util.List;

/**
 * The NCCL facts of container logs already read, per cell, and the logs pushed to Railscope. Facts
 * are kept as JSON; a row that no longer reads is skipped, not fatal.
 */
@ApplicationScoped
public class NcclLogStore implements NcclLogArchive {

    private final AgroalDataSource dataSource;

    public NcclLogStore(AgroalDataSource dataSource) {
        this.dataSource = dataSource;
    }

    @Override
    public List<ContainerLog> containerLogs(String cell) {
        return query("""
                SELECT l.namespace, l.job, l.pod, l.container, l.container_key, l.node, l.read_at, l.facts::text, l.seq
                  FROM nccl_log l JOIN cell c ON c.id = l.cell_id
                 WHERE c.name = ? AND l.container_key <> 'push'""", cell, Long.MIN_VALUE).logs();
    }

    @Override
    public Pushed pushedSince(String cell, long afterSeq) {
        return query("""
                SELECT l.namespace, l.job, l.pod, l.container, l.container_key, l.node, l.read_at, l.facts::text, l.seq
                  FROM nccl_log l JOIN cell c ON c.id = l.cell_id
                 WHERE c.name = ? AND l.container_key = 'push' AND l.seq > ?
                 ORDER BY l.seq""", cell, afterSeq);
    }

    @Override
    public boolean push(String cell, ContainerLog log) {
        try (Connection connection = dataSource.getConnection();
                PreparedStatement insert = connection.prepareStatement("""
                        INSERT INTO nccl_log (cell_id, namespace, job, pod, container, container_key, node, read_at, facts)
                        SELECT id, ?, ?, ?, '', 'push', ?, ?, ?::jsonb FROM cell WHERE name = ?
                        ON CONFLICT (cell_id, namespace, pod, container, container_key) DO UPDATE
                           SET job = EXCLUDED.job, read_at = EXCLUDED.read_at, facts = EXCLUDED.facts, seq = nextval('nccl_log_seq')""")) {
            insert.setString(1, log.namespace());
            insert.setString(2, log.job());
            insert.setString(3, log.pod());
            insert.setString(4, log.node());
            insert.setTimestamp(5, Timestamp.from(log.readAt()));
            insert.setString(6, JsonColumns.write(log.facts()));
            insert.setString(7, cell);
            return insert.executeUpdate() == 1;
        } catch (SQLException e) {
            throw new StoreException("keeping a pushed log of cell " + cell + " failed: " + e.getMessage(), e);
        }
    }

    private Pushed query(String sql, String cell, long afterSeq) {
        List<ContainerLog> logs = new ArrayList<>();
        long last = afterSeq;
        try (Connection connection = dataSource.getConnection();
                PreparedStatement select = connection.prepareStatement(sql)) {
            select.setString(1, cell);
            if (afterSeq != Long.MIN_VALUE) {
                select.setLong(2, afterSeq);
            }
            try (ResultSet rs = select.executeQuery()) {
                while (rs.next()) {
                    last = Math.max(last, rs.getLong(9));
                    try {
                        NcclLogFacts facts = JsonColumns.JSON.readValue(rs.getString(8), NcclLogFacts.class);
                        logs.add(new ContainerLog(
                                rs.getString(1),
                                rs.getString(2),
                                rs.getString(3),
                                rs.getString(4),
                                rs.getString(5),
                                rs.getString(6),
                                rs.getTimestamp(7).toInstant(),
                                facts));
                    } catch (JsonProcessingException e) {
                        // facts written by another version that no longer read: the log is read again
                    }
                }
            }
        } catch (SQLException e) {
            throw new StoreException("reading the NCCL logs of cell " + cell + " failed: " + e.getMessage(), e);
        }
        return new Pushed(logs, last);
    }
}
