package io.railscope.ops;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.railscope.TestDatabases;
import io.railscope.replica.Lease;
import io.railscope.replica.Rendezvous;
import io.restassured.RestAssured;
import io.restassured.path.json.JsonPath;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

/**
 * Two packaged replicas on one database split twelve cells as rendezvous hashing says; one is killed with SIGKILL and
 * the other takes its cells over and goes on collecting them.
 */
// the packaged jar's tests start first, and wait on their processes beside the others
@Order(5)
@ExtendWith(WaitsOnProcesses.class)
@Execution(ExecutionMode.CONCURRENT)
class ReplicaFailoverIT {

    private static final int CELLS = 12;
    private static final Pattern REPLICA = Pattern.compile("railscope_replica_cells\\{replica=\"([^\"]+)\"");

    @Test
    void aKilledReplicasCellsAreTakenOverAndCollectedAgain() throws Exception {
        String database = RailscopeProcess.emptyDatabase("replicas");
        List<String> properties = new ArrayList<>(List.of(
                "-Dquarkus.datasource.jdbc.url=" + database,
                "-Drailscope.collect.interval=1s",
                "-Drailscope.replicas.heartbeat-interval=500ms",
                "-Drailscope.replicas.lease-duration=1500ms"));
        for (int cell = 0; cell < CELLS; cell++) {
            properties.add("-Drailscope.cells.c" + cell + ".simulated.nodes=2");
        }
        try (RailscopeProcess first = start(properties, "first");
                RailscopeProcess second = start(properties, "second")) {
            String survivor = "http://127.0.0.1:" + second.port();
            String killed = await().atMost(Duration.ofSeconds(90))
                    .ignoreExceptions()
                    .until(() -> replicaId("http://127.0.0.1:" + first.port()), id -> id != null);
            String kept = await().atMost(Duration.ofSeconds(90))
                    .ignoreExceptions()
                    .until(() -> replicaId(survivor), id -> id != null);
            // both alive: every cell held by the replica rendezvous hashing picks among the two
            await().atMost(Duration.ofSeconds(60))
                    .pollInterval(Duration.ofMillis(250))
                    .ignoreExceptions()
                    .until(
                            () -> collectors(survivor),
                            owners -> owners.size() == CELLS && heldAsRendezvousSays(List.of(killed, kept), owners));

            first.kill();
            Instant killedAt = Instant.now();
            // every cell, those of the killed replica too, collected by the survivor after the kill
            await().atMost(Duration.ofSeconds(60))
                    .pollInterval(Duration.ofMillis(250))
                    .ignoreExceptions()
                    .untilAsserted(() -> {
                        JsonPath cells = cells(survivor);
                        assertThat(cells.getList("collectedBy.replica", String.class))
                                .hasSize(CELLS)
                                .containsOnly(kept);
                        assertThat(cells.getList("collectedAt", String.class))
                                .allSatisfy(at -> assertThat(Instant.parse(at)).isAfter(killedAt));
                    });
            assertThat(RestAssured.get(survivor + "/metrics").asString())
                    .contains("railscope_replica_cells{replica=\"" + kept + "\",} " + CELLS + ".0")
                    .contains("railscope_replicas_live 1.0")
                    .doesNotContain("railscope_replica_cells{replica=\"" + killed);

            // a replica that is stopped (SIGTERM) hands its leases back at once, for the others to take
            second.close();
            try (Connection connection = TestDatabases.connect(database);
                    Statement statement = connection.createStatement();
                    ResultSet held = statement.executeQuery(
                            "SELECT count(*) FROM lease WHERE owner = '" + kept + "' AND expires_at > now()")) {
                held.next();
                assertThat(held.getLong(1)).isZero();
            }
        }
    }

    private static RailscopeProcess start(List<String> properties, String name) throws Exception {
        List<String> own = new ArrayList<>(properties);
        own.add("-Drailscope.replicas.name=" + name);
        return RailscopeProcess.start(own.toArray(String[]::new));
    }

    private static JsonPath cells(String base) {
        return RestAssured.get(base + "/api/v1/cells")
                .then()
                .statusCode(200)
                .extract()
                .jsonPath();
    }

    /** Cell name to the replica that collects it, for the cells some replica holds. */
    private static Map<String, String> collectors(String base) {
        List<Map<String, Object>> cells = cells(base).getList("$");
        return cells.stream()
                .filter(cell -> cell.get("collectedBy") != null)
                .collect(Collectors.toMap(cell -> (String) cell.get("name"), cell ->
                        (String) ((Map<?, ?>) cell.get("collectedBy")).get("replica")));
    }

    /** The replica's own name, as its /metrics labels its cell count. */
    private static String replicaId(String base) {
        Matcher id = REPLICA.matcher(RestAssured.get(base + "/metrics").asString());
        return id.find() ? id.group(1) : null;
    }

    private static boolean heldAsRendezvousSays(List<String> live, Map<String, String> owners) {
        return IntStream.range(0, CELLS)
                .mapToObj(cell -> "c" + cell)
                .allMatch(cell ->
                        Rendezvous.owner(live, Lease.ofCell(cell)).orElseThrow().equals(owners.get(cell)));
    }
}
