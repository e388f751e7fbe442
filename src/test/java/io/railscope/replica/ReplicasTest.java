package io.railscope.replica;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import io.agroal.api.AgroalDataSource;
import io.agroal.api.configuration.supplier.AgroalDataSourceConfigurationSupplier;
import io.agroal.api.security.NamePrincipal;
import io.agroal.api.security.SimplePassword;
import io.railscope.TestDatabases;
import io.railscope.read.StuckSession;
import io.railscope.store.SqlLeaseStore;
import io.railscope.store.SqlStuckSessions;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

/**
 * Leases and replicas on a real PostgreSQL of their own (the tables Railscope's migration builds), several replicas
 * in one JVM: who holds what, take-over after a replica stops renewing, balance after one joins or leaves.
 */
@Execution(ExecutionMode.SAME_THREAD)
class ReplicasTest {

    private static final Duration SHORT = Duration.ofMillis(300);
    private static final Duration LONG = Duration.ofMinutes(5);
    private static final List<String> CELLS =
            IntStream.range(0, 30).mapToObj(i -> Lease.ofCell("rt-" + i)).toList();

    private static final String MIGRATION = "/db/migration/V16__replicas_and_leases.sql";

    private static LeaseStore store;
    private static AgroalDataSource pool;
    private static String url;

    @BeforeAll
    static void ownDatabase() throws SQLException, IOException {
        url = TestDatabases.beside(TestDatabases.url("railscope_test"), "replicas");
        // pooled, as Railscope's own leases pool is: the heartbeats' timing is not each statement's connection set-up
        pool = AgroalDataSource.from(new AgroalDataSourceConfigurationSupplier()
                .connectionPoolConfiguration(connections -> connections
                        .maxSize(4)
                        .connectionFactoryConfiguration(factory -> factory.jdbcUrl(url)
                                .principal(new NamePrincipal(TestDatabases.username()))
                                .credential(new SimplePassword(TestDatabases.password())))));
        // the tables as Railscope's own migration builds them
        try (Connection connection = pool.getConnection();
                Statement statement = connection.createStatement();
                InputStream migration = ReplicasTest.class.getResourceAsStream(MIGRATION)) {
            statement.execute("DROP SCHEMA public CASCADE");
            statement.execute("CREATE SCHEMA public");
            statement.execute(new String(migration.readAllBytes(), StandardCharsets.UTF_8));
        }
        store = new SqlLeaseStore(pool::getConnection, Duration.ofMillis(300));
    }

    @AfterAll
    static void closePool() {
        pool.close();
    }

    @Test
    void aLeaseHasOneHolderAndKeepsItsEpochWhileRenewed() {
        Lease first = store.acquire(Lease.ofCell("one"), "a", LONG).orElseThrow();
        assertThat(store.acquire(Lease.ofCell("one"), "b", LONG)).isEmpty();
        Lease renewed = store.acquire(Lease.ofCell("one"), "a", LONG).orElseThrow();
        assertThat(renewed.epoch()).isEqualTo(first.epoch());
        assertThat(renewed.acquiredAt()).isEqualTo(first.acquiredAt());
        assertThat(renewed.expiresAt()).isAfterOrEqualTo(first.expiresAt());
    }

    @Test
    void anExpiredLeaseIsTakenOverUnderTheNextEpoch() {
        Lease first = store.acquire(Lease.ofCell("expiring"), "a", SHORT).orElseThrow();
        Lease taken = await().atMost(Duration.ofSeconds(20))
                .pollInterval(Duration.ofMillis(50))
                .until(() -> store.acquire(Lease.ofCell("expiring"), "b", LONG), Optional::isPresent)
                .orElseThrow();
        assertThat(taken.owner()).isEqualTo("b");
        assertThat(taken.epoch()).isEqualTo(first.epoch() + 1);
        assertThat(store.acquire(Lease.ofCell("expiring"), "a", LONG)).isEmpty();
    }

    @Test
    void aReleasedLeaseIsTakenAtOnce() {
        Lease first = store.acquire(Lease.ofCell("released"), "a", LONG).orElseThrow();
        store.release(Lease.ofCell("released"), "b");
        assertThat(store.acquire(Lease.ofCell("released"), "b", LONG))
                .as("only its holder lets a lease go")
                .isEmpty();
        store.release(Lease.ofCell("released"), "a");
        assertThat(store.acquire(Lease.ofCell("released"), "b", LONG)
                        .orElseThrow()
                        .epoch())
                .isEqualTo(first.epoch() + 1);
    }

    @Test
    void replicasShareTheLeasesTakeOverAStoppedOneAndMakeRoomForANewOne() {
        Replicas a = replica("rt-a");
        Replicas b = replica("rt-b");
        Replicas c = replica("rt-c");
        List<Replicas> running = new ArrayList<>(List.of(a, b, c));
        try {
            settle(running);
            assertHeldByRendezvousWinner(running);
            assertThat(running).allSatisfy(replica -> assertThat(held(replica)).isNotEmpty());

            // c stops renewing, as after kill -9: once its leases expire, a and b take its share
            running.remove(c);
            await().atMost(Duration.ofSeconds(20))
                    .pollInterval(Duration.ofMillis(100))
                    .untilAsserted(() -> {
                        running.forEach(Replicas::heartbeat);
                        assertAllHeldBy("rt-a", "rt-b");
                    });
            assertThat(held(c))
                    .as("c's own deadlines have passed: it would not commit")
                    .isEmpty();
            assertHeldByRendezvousWinner(running);

            // d joins: it takes its share from a and b, and a and b keep the rest
            Map<String, String> before = owners();
            Replicas d = replica("rt-d");
            running.add(d);
            assertThat(d.heartbeat().taken())
                    .as("its share is still held by a and b")
                    .isEmpty();
            List<String> released = new ArrayList<>(a.heartbeat().released());
            released.addAll(b.heartbeat().released());
            List<String> ofD = CELLS.stream()
                    .filter(cell -> Rendezvous.owner(List.of("rt-a", "rt-b", "rt-d"), cell)
                            .orElseThrow()
                            .equals("rt-d"))
                    .toList();
            assertThat(released).containsExactlyInAnyOrderElementsOf(ofD);
            assertThat(d.heartbeat().taken()).containsExactlyInAnyOrderElementsOf(ofD);
            assertHeldByRendezvousWinner(running);
            Map<String, String> after = owners();
            assertThat(CELLS.stream().filter(cell -> !before.get(cell).equals(after.get(cell))))
                    .isNotEmpty()
                    .allSatisfy(cell -> assertThat(after.get(cell)).isEqualTo("rt-d"));

            // d leaves cleanly: its leases are free at once, and one heartbeat of the others takes them
            d.leave();
            running.remove(d);
            running.forEach(Replicas::heartbeat);
            running.forEach(Replicas::heartbeat);
            assertAllHeldBy("rt-a", "rt-b");
            assertHeldByRendezvousWinner(running);
        } finally {
            a.leave();
            b.leave();
        }
    }

    @Test
    void aLeaseWhoseRowAStuckSessionHoldsIsSkippedAndDelaysNothingElse() throws Exception {
        List<String> names =
                IntStream.range(0, 8).mapToObj(i -> Lease.ofCell("st-" + i)).toList();
        Replicas live = new Replicas(store, "st-live", names, Duration.ofMillis(300), Duration.ofSeconds(1));
        Replicas frozen = new Replicas(store, "st-frozen", names, Duration.ofMillis(300), Duration.ofSeconds(1));
        try {
            live.heartbeat();
            frozen.heartbeat();
            live.heartbeat();
            frozen.heartbeat();
            List<String> ofFrozen = names.stream()
                    .filter(name -> frozen.fence(name).isPresent())
                    .toList();
            List<String> ofLive =
                    names.stream().filter(name -> live.fence(name).isPresent()).toList();
            assertThat(ofFrozen).as("rendezvous gives each some of eight").isNotEmpty();
            assertThat(ofLive).isNotEmpty();
            String locked = ofFrozen.get(0);
            // the frozen replica stops, in the middle of a transaction that holds its lease's row
            try (Connection stuck = pool.getConnection()) {
                stuck.setAutoCommit(false);
                try (Statement statement = stuck.createStatement()) {
                    statement.execute("SELECT * FROM lease WHERE name = '" + locked + "' FOR SHARE");
                }
                await().atMost(Duration.ofSeconds(20))
                        .pollInterval(Duration.ofMillis(100))
                        .untilAsserted(() -> {
                            long started = System.nanoTime();
                            Replicas.Changes changes = live.heartbeat();
                            assertThat(Duration.ofNanos(System.nanoTime() - started))
                                    .as("one heartbeat, with a lease row locked")
                                    .isLessThan(Duration.ofMillis(900));
                            assertThat(names.stream()
                                            .filter(name -> live.fence(name).isPresent()))
                                    .as("its own, renewed; the frozen replica's, taken but the locked one")
                                    .containsExactlyInAnyOrderElementsOf(names.stream()
                                            .filter(name -> !name.equals(locked))
                                            .toList());
                            assertThat(changes.busy()).singleElement().satisfies(busy -> {
                                assertThat(busy.lease()).isEqualTo(locked);
                                assertThat(busy.holder()).isEqualTo("st-frozen");
                            });
                        });
                // its own leases never lapse while the row stays locked
                for (int beat = 0; beat < 5; beat++) {
                    Thread.sleep(300);
                    live.heartbeat();
                    assertThat(ofLive)
                            .allSatisfy(name -> assertThat(live.fence(name)).isPresent());
                    assertThat(live.standing().lapsed()).isEmpty();
                }
                stuck.rollback();
            }
            // the lock gone, the next heartbeat takes the last one, under the next epoch
            Replicas.Changes after = live.heartbeat();
            assertThat(after.taken()).containsExactly(locked);
            assertThat(after.busy()).isEmpty();
        } finally {
            live.leave();
            frozen.leave();
        }
    }

    @Test
    void theDatabaseSaysWhenAReplicasHeartbeatIsLateAndItsLeasesLapsed() throws Exception {
        List<String> names = List.of(Lease.ofCell("sd-1"));
        Replicas replica = new Replicas(store, "sd-a", names, Duration.ofMillis(300), Duration.ofSeconds(1));
        try {
            replica.heartbeat();
            Standing fresh = replica.standing();
            assertThat(fresh.lapsed()).isEmpty();
            assertThat(fresh.heartbeatLate(Duration.ofMillis(600))).isFalse();
            assertThat(fresh.live()).isPositive();
            // paused: no heartbeat for longer than the lease
            Thread.sleep(1_200);
            Standing paused = replica.standing();
            assertThat(paused.lapsed()).containsExactly(Lease.ofCell("sd-1"));
            assertThat(paused.heartbeatLate(Duration.ofMillis(600))).isTrue();
            assertThat(paused.heartbeatAge()).isGreaterThan(Duration.ofMillis(1_100));

            // woken, it takes the lapsed lease again under a new epoch: work begun under the old one is refused
            long before = replica.believed().get(0).epoch();
            replica.heartbeat();
            assertThat(replica.fence(Lease.ofCell("sd-1")).orElseThrow().epoch())
                    .isEqualTo(before + 1);
            assertThat(replica.standing().lapsed()).isEmpty();
        } finally {
            replica.leave();
        }
    }

    @Test
    void aSessionASilentReplicaLeftInATransactionIsFoundAndEnded() throws Exception {
        SqlStuckSessions sessions =
                new SqlStuckSessions(pool, ReplicaIdentity.applicationNameOf("ss-live"), Duration.ofMillis(500));
        // connections of their own, not the pool's: one of them is ended
        try (Connection ghost = TestDatabases.connect(url);
                Connection alive = TestDatabases.connect(url)) {
            // two replicas in a transaction that holds a row lock; one of them stops heartbeating
            store.heartbeat("ss-ghost", Duration.ofMillis(500));
            store.acquire(Lease.ofCell("ss-1"), "ss-ghost", Duration.ofMinutes(1));
            store.acquire(Lease.ofCell("ss-2"), "ss-alive", Duration.ofMinutes(1));
            lockInTransaction(ghost, "ss-ghost", Lease.ofCell("ss-1"));
            lockInTransaction(alive, "ss-alive", Lease.ofCell("ss-2"));
            List<StuckSession> stuck = await().atMost(Duration.ofSeconds(10))
                    .pollInterval(Duration.ofMillis(100))
                    .until(
                            () -> {
                                store.heartbeat("ss-alive", Duration.ofMillis(500));
                                return sessions.find();
                            },
                            found -> !found.isEmpty());
            assertThat(stuck).singleElement().satisfies(session -> {
                assertThat(session.replica()).isEqualTo("ss-ghost");
                assertThat(session.state()).isEqualTo("idle in transaction");
                assertThat(session.heartbeatSilence()).isGreaterThan(Duration.ofMillis(500));
                assertThat(session.sameRole()).isTrue();
            });
            assertThat(sessions.end(stuck.get(0))).isTrue();
            assertThatThrownBy(() -> ghost.createStatement().execute("SELECT 1"))
                    .as("its transaction is gone, and its locks with it")
                    .isInstanceOf(SQLException.class);
            assertThat(store.acquire(Lease.ofCell("ss-1"), "ss-live", Duration.ofMinutes(1)))
                    .as("the lease row is free again (the lease itself runs until it expires)")
                    .isEmpty();
            assertThat(sessions.find()).isEmpty();
            alive.rollback();
        } finally {
            store.leave("ss-ghost");
            store.leave("ss-alive");
        }
    }

    private static void lockInTransaction(Connection connection, String replica, String lease) throws SQLException {
        connection.setAutoCommit(false);
        try (Statement statement = connection.createStatement()) {
            statement.execute("SET application_name = '" + ReplicaIdentity.applicationNameOf(replica) + "'");
            statement.execute("SELECT * FROM lease WHERE name = '" + lease + "' FOR UPDATE");
        }
    }

    private static Replicas replica(String id) {
        // a second's lease: rounds of heartbeats of several replicas over 30 leases fit well within it
        return new Replicas(store, id, CELLS, Duration.ofMillis(300), Duration.ofSeconds(1));
    }

    /** Heartbeats until no lease changes hands: the holder a winner waits for lets go at its own next heartbeat. */
    private static void settle(List<Replicas> replicas) {
        for (int round = 0; round < 3; round++) {
            replicas.forEach(Replicas::heartbeat);
        }
    }

    private static void assertHeldByRendezvousWinner(List<Replicas> replicas) {
        List<String> live = replicas.stream().map(Replicas::id).sorted().toList();
        for (String cell : CELLS) {
            String winner = Rendezvous.owner(live, cell).orElseThrow();
            assertThat(owners().get(cell)).as(cell).isEqualTo(winner);
            assertThat(replicas.stream().filter(replica -> replica.fence(cell).isPresent()))
                    .as("replicas that would collect %s", cell)
                    .extracting(Replicas::id)
                    .containsExactly(winner);
        }
    }

    private static List<String> held(Replicas replica) {
        return CELLS.stream().filter(cell -> replica.fence(cell).isPresent()).toList();
    }

    /** The unexpired holder of every test cell's lease. */
    private static Map<String, String> owners() {
        return store.leases().stream()
                .filter(lease -> CELLS.contains(lease.name()))
                .filter(lease -> lease.expiresAt().isAfter(Instant.now()))
                .collect(Collectors.toMap(Lease::name, Lease::owner));
    }

    private static void assertAllHeldBy(String... replicas) {
        Map<String, String> owners = owners();
        assertThat(owners).containsOnlyKeys(CELLS);
        assertThat(owners.values()).containsOnly(replicas);
    }
}
