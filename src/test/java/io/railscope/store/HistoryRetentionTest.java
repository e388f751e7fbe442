package io.railscope.store;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.junit.QuarkusTest;
import io.railscope.TestDatabase;
import jakarta.inject.Inject;
import java.sql.Connection;
import java.sql.Timestamp;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** Raw samples are kept two days and rolled up into hours first; rollups are kept thirty days. */
@QuarkusTest
class HistoryRetentionTest {

    private static final DateTimeFormatter DAY = DateTimeFormatter.ofPattern("yyyyMMdd");
    private static final int PORT = -42;

    @Inject
    HistoryRetention retention;

    @Inject
    TestDatabase db;

    @Test
    void rollsUpThenDropsExpiredPartitionsAndKeepsRecentOnes() throws Exception {
        Instant now = Instant.now();
        Instant threeDaysAgo =
                now.minus(3, ChronoUnit.DAYS).truncatedTo(ChronoUnit.HOURS).plus(10, ChronoUnit.MINUTES);
        Instant yesterday = now.minus(1, ChronoUnit.DAYS);
        LocalDate fortyDaysAgo = LocalDate.now(ZoneOffset.UTC).minusDays(40);
        try (Connection connection = db.connection()) {
            retention.createPartitions(connection, day(threeDaysAgo), day(now));
            retention.createPartitions(connection, fortyDaysAgo, fortyDaysAgo);
        }
        insertSample(threeDaysAgo, 100, 0);
        insertSample(threeDaysAgo.plus(5, ChronoUnit.MINUTES), 300, 2);
        insertSample(yesterday, 50, 0);
        db.execute(
                "INSERT INTO rail_port_rollup (rail_port_id, hour, samples, worst_health, min_rate_gbps, link_downed_increase)"
                        + " VALUES (?, ?, 1, 0, 400, 0)",
                PORT,
                Timestamp.from(fortyDaysAgo.atStartOfDay(ZoneOffset.UTC).toInstant()));

        var dropped = retention.maintain(now);

        assertThat(dropped)
                .contains(
                        "rail_port_sample_p" + day(threeDaysAgo).format(DAY),
                        "rail_port_rollup_p" + fortyDaysAgo.format(DAY));
        assertThat(dropped).doesNotContain("rail_port_sample_p" + day(yesterday).format(DAY));
        // the expired raw samples survive as their hour's rollup
        Timestamp hour = Timestamp.from(threeDaysAgo.truncatedTo(ChronoUnit.HOURS));
        assertThat(db.number("SELECT samples FROM rail_port_rollup WHERE rail_port_id = ? AND hour = ?", PORT, hour))
                .isEqualTo(2);
        assertThat(db.number(
                        "SELECT max_rx_bytes_per_second FROM rail_port_rollup WHERE rail_port_id = ? AND hour = ?",
                        PORT,
                        hour))
                .isEqualTo(300);
        assertThat(db.number(
                        "SELECT worst_health FROM rail_port_rollup WHERE rail_port_id = ? AND hour = ?", PORT, hour))
                .isEqualTo(2);
        assertThat(db.number("SELECT count(*) FROM rail_port_sample WHERE rail_port_id = ?", PORT))
                .isEqualTo(1);
        // partitions exist ahead of time, so tomorrow's writes have a place
        assertThat(db.number(
                        "SELECT count(*) FROM pg_class WHERE relname = ?",
                        "rail_port_sample_p" + day(now).plusDays(2).format(DAY)))
                .isEqualTo(1);
        // a second pass finds nothing more to do
        assertThat(retention.maintain(now)).isEmpty();
    }

    private void insertSample(Instant at, double rx, int health) {
        db.execute(
                "INSERT INTO rail_port_sample (rail_port_id, ts, health, state, rate_gbps, rx_bytes_per_second,"
                        + " link_downed_increase) VALUES (?, ?, ?, 4, 400, ?, 0)",
                PORT,
                Timestamp.from(at),
                health,
                rx);
    }

    private static LocalDate day(Instant at) {
        return at.atZone(ZoneOffset.UTC).toLocalDate();
    }

    @Test
    void replicasStartingTogetherCreateTheSamePartitionsWithoutFailing() throws Exception {
        // days far ahead, so that no other test has made them: eight sessions create them at once, as replicas
        // starting together do
        LocalDate first = LocalDate.of(2091, 1, 1);
        LocalDate last = first.plusDays(5);
        ExecutorService sessions = Executors.newFixedThreadPool(8);
        try {
            CountDownLatch start = new CountDownLatch(1);
            List<Future<?>> creations = new ArrayList<>();
            for (int session = 0; session < 8; session++) {
                creations.add(sessions.submit(() -> {
                    start.await();
                    try (Connection connection = db.connection()) {
                        retention.createPartitions(connection, first, last);
                    }
                    return null;
                }));
            }
            start.countDown();
            for (Future<?> creation : creations) {
                creation.get(60, TimeUnit.SECONDS);
            }
        } finally {
            sessions.shutdownNow();
        }
        assertThat(db.number("SELECT count(*) FROM pg_class WHERE relname LIKE '%_p2091010_'"))
                .isEqualTo(6L * PartitionedTable.values().length);
        for (PartitionedTable table : PartitionedTable.values()) {
            for (LocalDate day = first; !day.isAfter(last); day = day.plusDays(1)) {
                db.execute("DROP TABLE " + HistoryRetention.partitionName(table, day));
            }
        }
    }
}
