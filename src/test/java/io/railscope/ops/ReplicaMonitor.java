package io.railscope.ops;

import io.railscope.TestDatabases;
import io.restassured.RestAssured;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * Watches a fleet five times a second: when each cell was last committed (the database, read directly so that a
 * slow page cannot hide a commit), whether the live replica's API answers, and whether any lease the live replica
 * holds has lapsed in the database while the fault lasts.
 */
final class ReplicaMonitor {

    /**
     * What was seen: each cell's longest time without a new collection (up to when watching stopped), collections
     * that replaced a newer one, the most leases of the live replica seen lapsed at once during the fault, and
     * the errors of the watch itself, and the slowest answer of the live replica's API with when it was asked.
     */
    record Seen(
            List<String> cells,
            Map<String, Duration> longestGaps,
            List<String> olderCommits,
            long ownLeasesLapsed,
            List<String> errors,
            Map<String, List<Instant>> timeline,
            Duration slowestAnswer,
            Instant slowestAnswerAt) {}

    private final String base;
    private final String database;
    private final String replica;
    private final Map<String, Instant> last = new ConcurrentHashMap<>();
    private final Map<String, Duration> longest = new ConcurrentHashMap<>();
    private final List<String> older = new CopyOnWriteArrayList<>();
    private final List<String> errors = new CopyOnWriteArrayList<>();
    private final Map<String, List<Instant>> timeline = new ConcurrentHashMap<>();
    private volatile long lapsed;
    private volatile Duration slowestAnswer = Duration.ZERO;
    private volatile Instant slowestAnswerAt;
    private volatile boolean faultLasts = true;
    private volatile boolean running = true;
    private final Thread thread;
    private final Thread api;
    private final Instant started = Instant.now();

    private ReplicaMonitor(String base, String database, String replica) {
        this.base = base;
        this.database = database;
        this.replica = replica;
        this.thread = new Thread(this::watch, "replica-monitor");
        thread.setDaemon(true);
        this.api = new Thread(this::askApi, "replica-monitor-api");
        api.setDaemon(true);
    }

    static ReplicaMonitor start(String base, String database, String replica) throws SQLException {
        ReplicaMonitor monitor = new ReplicaMonitor(base, database, replica);
        try (Connection db = TestDatabases.connect(database)) {
            monitor.poll(db);
        }
        monitor.thread.start();
        monitor.api.start();
        return monitor;
    }

    /** From now on the other replica is back: the live one may let leases go to it. */
    void faultLifted() {
        faultLasts = false;
    }

    Seen stop() throws InterruptedException {
        running = false;
        thread.join(10_000);
        api.join(10_000);
        Instant end = Instant.now();
        last.forEach((cell, at) -> longest.merge(cell, Duration.between(at, end), ReplicaMonitor::longer));
        return new Seen(
                List.copyOf(last.keySet()),
                new TreeMap<>(longest),
                List.copyOf(older),
                lapsed,
                List.copyOf(errors),
                new TreeMap<>(timeline),
                slowestAnswer,
                slowestAnswerAt);
    }

    private void watch() {
        try (Connection db = TestDatabases.connect(database)) {
            while (running) {
                poll(db);
                Thread.sleep(200);
            }
        } catch (SQLException | InterruptedException e) {
            errors.add("monitor: " + e);
        }
    }

    /** Asks the live replica's API in a loop of its own, so that a slow answer neither hides nor delays a commit. */
    private void askApi() {
        while (running) {
            Instant asked = Instant.now();
            try {
                var response = RestAssured.get(base + "/api/v1/cells");
                if (response.statusCode() != 200) {
                    errors.add(asked + ": /api/v1/cells answered " + response.statusCode());
                }
            } catch (RuntimeException e) {
                errors.add(asked + ": " + e);
            }
            Duration took = Duration.between(asked, Instant.now());
            if (took.compareTo(slowestAnswer) > 0) {
                slowestAnswer = took;
                slowestAnswerAt = asked;
            }
            try {
                Thread.sleep(200);
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    private void poll(Connection db) {
        if (db == null) {
            return;
        }
        try (Statement statement = db.createStatement();
                ResultSet cells =
                        statement.executeQuery("SELECT name, collected_at FROM cell WHERE collected_at IS NOT NULL")) {
            while (cells.next()) {
                seen(cells.getString(1), cells.getTimestamp(2).toInstant());
            }
            if (faultLasts) {
                lapsed = Math.max(lapsed, lapsedLeases(db));
            }
        } catch (SQLException e) {
            errors.add(Instant.now() + ": " + e);
        }
    }

    private void seen(String cell, Instant collectedAt) {
        Instant before = last.get(cell);
        if (before == null) {
            last.put(cell, collectedAt);
        } else if (collectedAt.isBefore(before)) {
            older.add(cell + ": collected at " + collectedAt + " replaced " + before);
        } else if (collectedAt.isAfter(before)) {
            longest.merge(cell, Duration.between(before, collectedAt), ReplicaMonitor::longer);
            last.put(cell, collectedAt);
            timeline.computeIfAbsent(cell, c -> new CopyOnWriteArrayList<>()).add(collectedAt);
        }
    }

    private long lapsedLeases(Connection db) throws SQLException {
        try (Statement statement = db.createStatement();
                ResultSet rows = statement.executeQuery(
                        "SELECT count(*) FROM lease WHERE expires_at < clock_timestamp() AND owner = '" + replica
                                + "'")) {
            rows.next();
            return rows.getLong(1);
        }
    }

    private static Duration longer(Duration a, Duration b) {
        return a.compareTo(b) >= 0 ? a : b;
    }
}
