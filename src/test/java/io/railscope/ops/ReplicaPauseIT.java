package io.railscope.ops;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.railscope.TestDatabases;
import io.railscope.notify.WebhookCapture;
import io.railscope.replica.ReplicaIdentity;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

/**
 * Two packaged replicas on one database share ten simulated cells whose ports flap, err and are paused by PFC
 * steadily. One of them
 * (reaching the database through a relay) is frozen with SIGSTOP outside any transaction, then frozen inside a commit,
 * then cut off from the database in the middle of a transaction, each for three leases. Throughout, the other
 * replica's pages, the lease table, the alerts and a webhook say: every cell goes on being collected with no gap
 * over a lease and two intervals, the live replica's own leases never lapse, no collection is ever replaced by an
 * older one, no notification goes out twice under one key, and no steady alert resolves or fires again.
 */
// the packaged jar's tests start first, and wait on their processes beside the others
@Order(1)
@ExtendWith(WaitsOnProcesses.class)
@Execution(ExecutionMode.CONCURRENT)
class ReplicaPauseIT {

    /** Enough that rendezvous leaves the victim none with a chance of one in a thousand (2^-10). */
    private static final int CELLS = 10;

    private static final Duration INTERVAL = Duration.ofSeconds(2);
    private static final Duration HEARTBEAT = Duration.ofSeconds(1);
    private static final Duration LEASE = Duration.ofSeconds(3);
    /** A lease and two intervals, and the monitor's own polling. */
    private static final Duration MAX_GAP = LEASE.plus(INTERVAL.multipliedBy(2)).plusMillis(500);
    /** Longer than {@link #MAX_GAP}: a cell the live replica did not take over shows as a gap past it. */
    private static final Duration FAULT = LEASE.multipliedBy(3);

    private static final Pattern REPLICA = Pattern.compile("railscope_replica_cells\\{replica=\"([^\"]+)\"");
    private static final Pattern URL = Pattern.compile("jdbc:postgresql://([^:/]+)(?::(\\d+))?/(.+)");
    /** The rules that judge a port by what changed since the last collection: flaps, errors, congestion. */
    private static final String STEADY = "('RailPortFlapping', 'RailPortErrors', 'RailPortCongested')";

    private static final int STEADY_PER_CELL = 3;

    private enum Fault {
        FROZEN_OUTSIDE_A_TRANSACTION,
        FROZEN_INSIDE_A_COMMIT,
        CUT_OFF_INSIDE_A_TRANSACTION
    }

    @Test
    void aFrozenOrCutOffReplicaStallsNothingElseAndMovesNoSteadyAlert() throws Exception {
        String database = RailscopeProcess.emptyDatabase("pause");
        Matcher parts = URL.matcher(database);
        assertThat(parts.matches()).as(database).isTrue();
        try (WebhookCapture hooks = new WebhookCapture();
                DatabaseProxy proxy = new DatabaseProxy(
                        parts.group(1), parts.group(2) == null ? 5432 : Integer.parseInt(parts.group(2)));
                Connection db = TestDatabases.connect(database)) {
            String proxied = "jdbc:postgresql://127.0.0.1:" + proxy.port() + "/" + parts.group(3);
            List<String> properties = properties(hooks.url("/hook").toString());
            try (RailscopeProcess live = start(properties, database, "live");
                    RailscopeProcess victim = start(properties, proxied, "victim")) {
                String base = "http://127.0.0.1:" + live.port();
                String liveId = replicaId(base);
                String victimId = replicaId("http://127.0.0.1:" + victim.port());
                Map<String, String> firing = await().atMost(Duration.ofSeconds(120))
                        .pollInterval(Duration.ofMillis(500))
                        .until(() -> steadyAlerts(db), alerts -> alerts.size() == STEADY_PER_CELL * CELLS);
                await().atMost(Duration.ofSeconds(30))
                        .pollInterval(Duration.ofMillis(250))
                        .alias("rendezvous gives the victim some of the cells")
                        .until(() -> cellsHeldBy(db, victimId) > 0);
                try {
                    for (Fault fault : Fault.values()) {
                        ReplicaMonitor monitor = ReplicaMonitor.start(base, database, liveId);
                        applied(fault, victim, proxy, db, victimId);
                        Thread.sleep(FAULT.toMillis());
                        monitor.faultLifted();
                        victim.resume();
                        proxy.heal();
                        Thread.sleep(LEASE.plus(INTERVAL.multipliedBy(2)).toMillis());
                        ReplicaMonitor.Seen seen = monitor.stop();

                        assertThat(seen.errors())
                                .as("%s: the live replica's API", fault)
                                .isEmpty();
                        assertThat(seen.slowestAnswer())
                                .as(
                                        "%s: the live replica's slowest answer (asked at %s)",
                                        fault, seen.slowestAnswerAt())
                                .isLessThanOrEqualTo(LEASE);
                        assertThat(seen.cells()).as(fault.name()).hasSize(CELLS);
                        seen.longestGaps()
                                .forEach((cell, gap) -> assertThat(gap)
                                        .as(
                                                "%s: longest time without a collection of %s (commits seen: %s)",
                                                fault, cell, seen.timeline().get(cell))
                                        .isLessThanOrEqualTo(MAX_GAP));
                        assertThat(seen.olderCommits())
                                .as("%s: a collection replaced by an older one (a stale commit)", fault)
                                .isEmpty();
                        assertThat(seen.ownLeasesLapsed())
                                .as("%s: the live replica's own leases lapsed while the other was stuck", fault)
                                .isZero();
                        assertThat(steadyAlerts(db))
                                .as("%s: steady alerts, by fingerprint, with when they started firing", fault)
                                .isEqualTo(firing);
                        assertThat(alertRows(db))
                                .as("%s: no steady alert resolved and fired again", fault)
                                .isEqualTo(STEADY_PER_CELL * CELLS);
                    }
                } finally {
                    victim.resume();
                    proxy.heal();
                }
                Map<String, Long> keys = hooks.received().stream()
                        .collect(Collectors.groupingBy(WebhookCapture.Received::idempotencyKey, Collectors.counting()));
                assertThat(keys).as("notifications sent").isNotEmpty();
                assertThat(keys.values())
                        .as("notifications sent twice under one key")
                        .allMatch(count -> count == 1);
                assertThat(hooks.received())
                        .as("steady alerts resolved at the receiver")
                        .noneMatch(sent -> sent.body().contains("\"status\":\"resolved\""));
                assertThat(victim.output())
                        .as("the victim, woken, commits nothing it collected before")
                        .doesNotContain("Exception in thread");
            }
        }
    }

    /** Starts {@code fault} against the victim and returns when it is in place. */
    private static void applied(Fault fault, RailscopeProcess victim, DatabaseProxy proxy, Connection db, String id)
            throws Exception {
        switch (fault) {
            case FROZEN_OUTSIDE_A_TRANSACTION -> {
                await().atMost(Duration.ofSeconds(30))
                        .pollInterval(Duration.ofMillis(5))
                        .until(() -> sessionsInTransaction(db, id) == 0);
                victim.pause();
            }
            case FROZEN_INSIDE_A_COMMIT -> {
                for (int attempt = 0; ; attempt++) {
                    await().atMost(Duration.ofSeconds(30))
                            .pollInterval(Duration.ofMillis(2))
                            .until(() -> sessionsInTransaction(db, id) > 0);
                    victim.pause();
                    if (sessionsInTransaction(db, id) > 0 || attempt == 50) {
                        assertThat(attempt)
                                .as("a freeze caught inside a transaction")
                                .isLessThan(50);
                        return;
                    }
                    victim.resume();
                }
            }
            case CUT_OFF_INSIDE_A_TRANSACTION -> {
                await().atMost(Duration.ofSeconds(30))
                        .pollInterval(Duration.ofMillis(2))
                        .until(() -> sessionsInTransaction(db, id) > 0);
                proxy.partition();
            }
        }
    }

    /** Sessions of the replica that hold a transaction id: they wrote or locked rows. */
    private static long sessionsInTransaction(Connection db, String replica) throws SQLException {
        return count(
                db,
                "SELECT count(*) FROM pg_stat_activity WHERE backend_xid IS NOT NULL AND application_name = '"
                        + ReplicaIdentity.applicationNameOf(replica) + "'");
    }

    private static long cellsHeldBy(Connection db, String replica) throws SQLException {
        return count(
                db,
                "SELECT count(*) FROM lease WHERE name LIKE 'cell/%' AND expires_at > now() AND owner = '" + replica
                        + "'");
    }

    private static long alertRows(Connection db) throws SQLException {
        return count(db, "SELECT count(*) FROM alert WHERE alertname IN " + STEADY);
    }

    /** Every firing steady alert: fingerprint to when it started firing. */
    private static Map<String, String> steadyAlerts(Connection db) throws SQLException {
        Map<String, String> firing = new HashMap<>();
        try (Statement statement = db.createStatement();
                ResultSet rows = statement.executeQuery("SELECT fingerprint, fired_at FROM alert WHERE alertname IN "
                        + STEADY + " AND state = 'FIRING'")) {
            while (rows.next()) {
                firing.put(rows.getString(1), rows.getString(2));
            }
        }
        return firing;
    }

    private static long count(Connection db, String sql) throws SQLException {
        try (Statement statement = db.createStatement();
                ResultSet rows = statement.executeQuery(sql)) {
            rows.next();
            return rows.getLong(1);
        }
    }

    private static List<String> properties(String hook) {
        List<String> properties = new ArrayList<>(List.of(
                "-Drailscope.collect.interval=" + INTERVAL.toSeconds() + "s",
                "-Drailscope.replicas.heartbeat-interval=" + HEARTBEAT.toSeconds() + "s",
                "-Drailscope.replicas.lease-duration=" + LEASE.toSeconds() + "s",
                "-Drailscope.alerts.default-for=0s",
                "-Drailscope.alerts.keep-firing-for=0s",
                "-Drailscope.alerts.receivers.hook.url=" + hook,
                "-Drailscope.alerts.receivers.hook.group-wait=1s",
                "-Drailscope.alerts.receivers.hook.group-interval=2s",
                "-Dquarkus.log.category.\"io.railscope.collect\".level=DEBUG"));
        for (int cell = 0; cell < CELLS; cell++) {
            properties.add("-Drailscope.cells.p" + cell + ".simulated.nodes=4");
            properties.add("-Drailscope.cells.p" + cell
                    + ".simulated.faults=rail-flapping,symbol-errors-rising,roce-congestion");
        }
        return properties;
    }

    private static RailscopeProcess start(List<String> properties, String database, String name) throws Exception {
        List<String> own = new ArrayList<>(properties);
        own.addAll(TestDatabases.jarOptions(database));
        own.add("-Drailscope.replicas.name=" + name);
        return RailscopeProcess.start(own.toArray(String[]::new));
    }

    /** The replica's own name, as its /metrics labels its cell count. */
    private static String replicaId(String base) {
        return await().atMost(Duration.ofSeconds(90))
                .ignoreExceptions()
                .until(
                        () -> {
                            Matcher id = REPLICA.matcher(io.restassured.RestAssured.get(base + "/metrics")
                                    .asString());
                            return id.find() ? id.group(1) : null;
                        },
                        id -> id != null);
    }
}
