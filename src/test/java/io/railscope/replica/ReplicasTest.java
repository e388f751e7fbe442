package io.railscope.replica;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.agroal.api.AgroalDataSource;
import io.agroal.api.configuration.supplier.AgroalDataSourceConfigurationSupplier;
import io.agroal.api.security.NamePrincipal;
import io.agroal.api.security.SimplePassword;
import io.railscope.TestDatabases;
import io.railscope.store.SqlLeaseStore;
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

    @BeforeAll
    static void ownDatabase() throws SQLException, IOException {
        String url = TestDatabases.beside(TestDatabases.url("railscope_test"), "replicas");
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
