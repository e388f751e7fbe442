package io.railscope.store;

import static io.railscope.store.SqlStatements.execute;
import static io.railscope.store.SqlStatements.update;

import io.agroal.api.AgroalDataSource;
import io.quarkus.scheduler.Scheduled;
import io.railscope.config.RailscopeConfig;
import io.railscope.replica.Replicas;
import jakarta.enterprise.context.ApplicationScoped;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.jboss.logging.Logger;

/**
 * Keeps history bounded: creates daily partitions ahead of time, rolls completed hours of raw
 * samples up into hourly rollups, and drops whole partitions once past their retention. On schedule, the replica
 * holding the retention lease runs it; a PostgreSQL advisory lock keeps any other caller from running it beside.
 */
@ApplicationScoped
public class HistoryRetention {

    static final Duration JOB_RETENTION = Duration.ofDays(30);

    private static final Logger LOG = Logger.getLogger(HistoryRetention.class);
    private static final long ADVISORY_LOCK = 0x5261696c73636f70L;
    private static final DateTimeFormatter SUFFIX = DateTimeFormatter.ofPattern("yyyyMMdd");
    private static final int DAYS_AHEAD = 2;
    /** duplicate_table, and unique_violation on the catalog's row-type index: another session created it first. */
    private static final Set<String> CREATED_MEANWHILE = Set.of("42P07", "23505");

    private final AgroalDataSource dataSource;
    private final RailscopeConfig.History history;

    private final Replicas replicas;
    private final Clock clock;

    public HistoryRetention(AgroalDataSource dataSource, RailscopeConfig config, Replicas replicas, Clock clock) {
        this.clock = clock;
        this.dataSource = dataSource;
        this.replicas = replicas;
        this.history = config.history();
    }

    /** Creates the partitions of yesterday, today and the next days, so writes never miss one. */
    public void preparePartitions() {
        inConnection(connection -> createPartitions(connection, today().minusDays(1), today().plusDays(DAYS_AHEAD)));
    }

    @Scheduled(
            every = "${railscope.history.maintenance-interval}",
            delayed = "${railscope.history.maintenance-interval}",
            concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    void scheduled() {
        if (replicas.fence(Replicas.RETENTION).isEmpty()) {
            return;
        }
        try {
            maintain(clock.instant());
        } catch (RuntimeException e) {
            LOG.errorf("history maintenance failed, will retry: %s", e.getMessage());
        }
    }

    /** One maintenance pass as of {@code now}; returns the partitions it dropped. */
    public List<String> maintain(Instant now) {
        List<String> dropped = new ArrayList<>();
        inConnection(connection -> {
            if (!tryLock(connection)) {
                return;
            }
            try {
                LocalDate day = now.atZone(ZoneOffset.UTC).toLocalDate();
                createPartitions(connection, day.minusDays(1), day.plusDays(DAYS_AHEAD));
                rollUp(connection, now);
                dropped.addAll(dropExpired(connection, now));
                forgetOldJobs(connection, now);
            } finally {
                execute(connection, "SELECT pg_advisory_unlock(" + ADVISORY_LOCK + ")");
            }
        });
        if (!dropped.isEmpty()) {
            LOG.infof("history retention dropped %s", dropped);
        }
        return dropped;
    }

    /**
     * Jobs that ended, NCCL facts of container runs and resolved alerts after 30 days, delivered
     * notifications after 7: a job seen again
     * after that is a new job, and a container that still runs is not read again while Railscope keeps
     * its facts in memory.
     */
    private void forgetOldJobs(Connection connection, Instant now) throws SQLException {
        Timestamp before = Timestamp.from(now.minus(JOB_RETENTION));
        SqlStatements.update(connection, "DELETE FROM nccl_log WHERE read_at < ?", before);
        SqlStatements.update(connection, "DELETE FROM nccl_job WHERE NOT running AND last_seen < ?", before);
        SqlStatements.update(connection, "DELETE FROM alert WHERE state = 'RESOLVED' AND resolved_at < ?", before);
        SqlStatements.update(
                connection,
                "DELETE FROM notification_outbox WHERE delivered_at < ?",
                Timestamp.from(now.minus(Duration.ofDays(7))));
    }

    /**
     * Creates daily partitions of every history table for the days from {@code first} to {@code last}. Replicas
     * starting together create the same partitions at once, and IF NOT EXISTS does not make that safe: the one that
     * loses the race is told the table (or its row type) already exists, which is what it wanted.
     */
    public void createPartitions(Connection connection, LocalDate first, LocalDate last) throws SQLException {
        for (PartitionedTable table : PartitionedTable.values()) {
            for (LocalDate day = first; !day.isAfter(last); day = day.plusDays(1)) {
                try {
                    execute(
                            connection,
                            "CREATE TABLE IF NOT EXISTS " + partitionName(table, day) + " PARTITION OF " + table.table
                                    + " FOR VALUES FROM ('" + day + " 00:00:00+00') TO ('" + day.plusDays(1)
                                    + " 00:00:00+00')");
                } catch (SQLException e) {
                    if (!CREATED_MEANWHILE.contains(e.getSQLState()) || !connection.getAutoCommit()) {
                        throw e;
                    }
                }
            }
        }
    }

    private void rollUp(Connection connection, Instant now) throws SQLException {
        Instant until = now.truncatedTo(ChronoUnit.HOURS);
        rollUp(connection, PartitionedTable.RAIL_PORT_SAMPLE, until, """
                INSERT INTO rail_port_rollup (rail_port_id, hour, samples, worst_health, min_rate_gbps,
                    avg_rx_bytes_per_second, max_rx_bytes_per_second, avg_tx_bytes_per_second, max_tx_bytes_per_second,
                    max_symbol_errors_per_hour, max_errors_per_second, link_downed_increase, max_congestion_ratio)
                SELECT rail_port_id, date_trunc('hour', ts), count(*), max(health), min(rate_gbps),
                       avg(rx_bytes_per_second), max(rx_bytes_per_second), avg(tx_bytes_per_second), max(tx_bytes_per_second),
                       max(symbol_errors_per_hour), max(errors_per_second), sum(link_downed_increase), max(congestion_ratio)
                  FROM rail_port_sample WHERE ts >= ? AND ts < ?
                 GROUP BY 1, 2
                ON CONFLICT (rail_port_id, hour) DO NOTHING""");
        rollUp(connection, PartitionedTable.NEIGHBOR_SAMPLE, until, """
                INSERT INTO neighbor_rollup (node_id, family, hour, samples, avg_entries, max_entries, max_pressure)
                SELECT node_id, family, date_trunc('hour', ts), count(*), avg(entries), max(entries), max(pressure)
                  FROM neighbor_sample WHERE ts >= ? AND ts < ?
                 GROUP BY 1, 2, 3
                ON CONFLICT (node_id, family, hour) DO NOTHING""");
    }

    private void rollUp(Connection connection, PartitionedTable raw, Instant until, String insertSql)
            throws SQLException {
        Instant from = watermark(connection, raw);
        if (from == null || !from.isBefore(until)) {
            return;
        }
        LocalDate firstDay = from.atZone(ZoneOffset.UTC).toLocalDate();
        LocalDate lastDay = until.atZone(ZoneOffset.UTC).toLocalDate();
        createPartitions(connection, firstDay, lastDay);
        update(connection, insertSql, Timestamp.from(from), Timestamp.from(until));
        update(connection, """
                INSERT INTO rollup_watermark (source_table, rolled_until) VALUES (?, ?)
                ON CONFLICT (source_table) DO UPDATE SET rolled_until = EXCLUDED.rolled_until""", raw.table, Timestamp.from(until));
    }

    /** Where the last rollup of {@code raw} stopped, or its oldest sample's hour when none ran yet. */
    private static Instant watermark(Connection connection, PartitionedTable raw) throws SQLException {
        try (PreparedStatement query = connection.prepareStatement("""
                SELECT COALESCE((SELECT rolled_until FROM rollup_watermark WHERE source_table = ?),
                                (SELECT date_trunc('hour', min(%s)) FROM %s))""".formatted(raw.column, raw.table))) {
            query.setString(1, raw.table);
            try (ResultSet rs = query.executeQuery()) {
                rs.next();
                Timestamp at = rs.getTimestamp(1);
                return at == null ? null : at.toInstant();
            }
        }
    }

    private List<String> dropExpired(Connection connection, Instant now) throws SQLException {
        List<String> dropped = new ArrayList<>();
        for (PartitionedTable table : PartitionedTable.values()) {
            Duration keep = table.retention == PartitionedTable.Retention.RAW
                    ? history.rawRetention()
                    : history.rollupRetention();
            Instant cutoff = now.minus(keep);
            for (String partition : partitions(connection, table)) {
                LocalDate day = LocalDate.parse(partition.substring(partition.length() - 8), SUFFIX);
                Instant end = day.plusDays(1).atStartOfDay(ZoneOffset.UTC).toInstant();
                if (!end.isAfter(cutoff)) {
                    execute(connection, "DROP TABLE " + partition);
                    dropped.add(partition);
                }
            }
        }
        return dropped;
    }

    /** The daily partitions of a table, oldest first. */
    List<String> partitions(Connection connection, PartitionedTable table) throws SQLException {
        List<String> names = new ArrayList<>();
        try (PreparedStatement query = connection.prepareStatement("""
                SELECT c.relname FROM pg_inherits i
                  JOIN pg_class c ON c.oid = i.inhrelid
                  JOIN pg_class p ON p.oid = i.inhparent
                 WHERE p.relname = ? AND c.relname ~ '_p[0-9]{8}$'
                 ORDER BY c.relname""")) {
            query.setString(1, table.table);
            try (ResultSet rs = query.executeQuery()) {
                while (rs.next()) {
                    names.add(rs.getString(1));
                }
            }
        }
        return names;
    }

    private static boolean tryLock(Connection connection) throws SQLException {
        try (PreparedStatement lock = connection.prepareStatement("SELECT pg_try_advisory_lock(?)")) {
            lock.setLong(1, ADVISORY_LOCK);
            try (ResultSet rs = lock.executeQuery()) {
                rs.next();
                return rs.getBoolean(1);
            }
        }
    }

    static String partitionName(PartitionedTable table, LocalDate day) {
        return table.table + "_p" + day.format(SUFFIX);
    }

    private static LocalDate today() {
        return LocalDate.now(ZoneOffset.UTC);
    }

    private void inConnection(SqlWork work) {
        try (Connection connection = dataSource.getConnection()) {
            work.run(connection);
        } catch (SQLException e) {
            throw new StoreException("history maintenance: " + e.getMessage(), e);
        }
    }

    @FunctionalInterface
    private interface SqlWork {
        void run(Connection connection) throws SQLException;
    }
}
