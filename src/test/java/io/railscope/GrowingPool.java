package io.railscope;

import io.railscope.store.HistoryRetention;
import java.sql.Connection;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;

/** A pool's last three days of samples rewritten as steady growth, so that it has a forecast to exhaustion. */
public final class GrowingPool {

    private GrowingPool() {}

    /**
     * Rewrites the hourly samples of pool {@code pool} of {@code cell} over the last 72 hours so that its allocation
     * grows by {@code perDay} addresses a day up to what it holds now; returns the days to its exhaustion.
     */
    public static double grow(TestDatabase db, HistoryRetention retention, String cell, String pool, long perDay)
            throws Exception {
        long poolId = db.number(
                "SELECT p.id FROM ip_pool p JOIN cell c ON c.id = p.cell_id WHERE c.name = ? AND p.name = ?",
                cell,
                pool);
        long capacity = db.number("SELECT capacity FROM ip_pool WHERE id = ?", poolId);
        long allocated = db.number("SELECT allocated FROM ip_pool WHERE id = ?", poolId);
        db.execute("DELETE FROM pool_usage_sample WHERE pool_id = ?", poolId);
        try (Connection connection = db.connection()) {
            retention.createPartitions(
                    connection, LocalDate.now(ZoneOffset.UTC).minusDays(4), LocalDate.now(ZoneOffset.UTC));
        }
        Instant now = Instant.now();
        for (int hour = 72; hour >= 0; hour--) {
            db.execute(
                    "INSERT INTO pool_usage_sample (pool_id, ts, capacity, allocated, blocks_total, blocks_used) VALUES (?, ?, ?, ?, 0, 0)",
                    poolId,
                    Timestamp.from(now.minus(Duration.ofHours(hour)).minusSeconds(5)),
                    capacity,
                    allocated - hour * perDay / 24);
        }
        return (capacity - allocated) / (double) perDay;
    }
}
