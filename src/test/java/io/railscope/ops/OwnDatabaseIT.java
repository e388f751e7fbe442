package io.railscope.ops;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.restassured.RestAssured;
import io.restassured.path.json.JsonPath;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.apache.commons.io.file.PathUtils;
import org.assertj.core.api.InstanceOfAssertFactories;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

/**
 * The packaged jar started as the README starts it, with no database and no cell configured, as on a machine with
 * nothing but Java: it runs its own PostgreSQL, says so in one line, serves the simulated fleet with its faults
 * visible, and the server ends with the jar even when the jar is
 * killed outright; started again, it finds its data where it left it.
 */
// the packaged jar's tests start first, and wait on their processes beside the others
@Order(2)
@ExtendWith(WaitsOnProcesses.class)
@Execution(ExecutionMode.CONCURRENT)
class OwnDatabaseIT {

    private static final String SAID = "No quarkus.datasource.jdbc.url configured: Railscope runs its own PostgreSQL";

    @Test
    void runsItsOwnPostgresWhichEndsWithItAndKeepsItsData() throws Exception {
        Path directory = Path.of("target", "it-own-database").toAbsolutePath();
        if (Files.exists(directory)) {
            PathUtils.deleteDirectory(directory);
        }
        String option = "-Drailscope.database.directory=" + directory;

        long firstServer;
        try (RailscopeProcess railscope = RailscopeProcess.startWithoutDatabase(option)) {
            servesTheSimulatedFleetWithItsFaultsVisible(railscope);
            assertThat(railscope.output().lines().filter(line -> line.contains(SAID)))
                    .singleElement(InstanceOfAssertFactories.STRING)
                    .contains("data in " + directory.resolve("data"));
            assertThat(railscope.output()).contains("Migrating schema \"public\" to version \"1 - schema\"");
            firstServer = serverPid(directory);
            railscope.kill();
            await().atMost(Duration.ofSeconds(30))
                    .until(() -> ProcessHandle.of(firstServer)
                            .filter(ProcessHandle::isAlive)
                            .isEmpty());
        }

        try (RailscopeProcess again = RailscopeProcess.startWithoutDatabase(option)) {
            servesTheSimulatedFleet(again);
            assertThat(again.output())
                    .contains("Schema \"public\" is up to date")
                    .doesNotContain("Migrating schema");
            long secondServer = serverPid(directory);
            assertThat(secondServer).isNotEqualTo(firstServer);
            again.close();
            await().atMost(Duration.ofSeconds(30))
                    .until(() -> ProcessHandle.of(secondServer)
                            .filter(ProcessHandle::isAlive)
                            .isEmpty());
        }
    }

    private static void servesTheSimulatedFleet(RailscopeProcess railscope) throws InterruptedException {
        String base = "http://127.0.0.1:" + railscope.port();
        await().atMost(Duration.ofSeconds(60))
                .ignoreExceptions()
                .untilAsserted(() -> assertThat(RestAssured.get(base + "/api/v1/cells")
                                .then()
                                .statusCode(200)
                                .extract()
                                .jsonPath()
                                .getList("name", String.class))
                        .containsExactlyInAnyOrder("sim-alpha", "sim-bravo", "sim-charlie"));
    }

    private static void servesTheSimulatedFleetWithItsFaultsVisible(RailscopeProcess railscope)
            throws InterruptedException {
        String base = "http://127.0.0.1:" + railscope.port();
        await().atMost(Duration.ofSeconds(90))
                .pollInterval(Duration.ofSeconds(1))
                .ignoreExceptions()
                .untilAsserted(() -> {
                    JsonPath cells = RestAssured.get(base + "/api/v1/cells")
                            .then()
                            .statusCode(200)
                            .extract()
                            .jsonPath();
                    assertThat(cells.getList("name")).containsExactly("sim-alpha", "sim-bravo", "sim-charlie");
                    assertThat(cells.getList("nodes", Integer.class)).containsExactly(64, 512, 2048);
                    assertThat(cells.getList("railPorts", Integer.class)).containsExactly(512, 4096, 16384);
                    assertThat(cells.getList("health")).doesNotContain("OK", "UNKNOWN");
                });
        String page =
                RestAssured.get(base + "/").then().statusCode(200).extract().asString();
        assertThat(page).contains("simulated fleet", "sim-alpha", "rail port down", "pool cluster-pool has");
        // sim-bravo runs with isolation gaps: every check finds its object
        assertThat(isolationChecks(base, "sim-bravo")).hasSize(9).doesNotHaveDuplicates();
        assertThat(isolationChecks(base, "sim-alpha")).isEmpty();
        // the built-in fleet's fabric faults, each blamed on its component: a spine and a leaf in sim-charlie, a
        // flaky cable in sim-alpha
        await().atMost(Duration.ofSeconds(60))
                .pollInterval(Duration.ofSeconds(1))
                .ignoreExceptions()
                .untilAsserted(() -> {
                    JsonPath charlie = RestAssured.get(base + "/api/v1/cells/sim-charlie/fabric")
                            .then()
                            .statusCode(200)
                            .extract()
                            .jsonPath();
                    assertThat(charlie.getString("blames.find { it.kind == 'spine' }.component"))
                            .isEqualTo("sim-charlie-sg01-rail5");
                    assertThat(charlie.getString("blames.find { it.kind == 'leaf' }.component"))
                            .isEqualTo("sim-charlie-su30-rail4");
                    // a leaf below the blamed spine says so on its own page
                    assertThat(RestAssured.get(
                                            base + "/api/v1/cells/sim-charlie/fabric/switches/sim-charlie-su01-rail5")
                                    .jsonPath()
                                    .getList("blames.component", String.class))
                            .containsExactly("sim-charlie-sg01-rail5");
                    assertThat(RestAssured.get(base + "/api/v1/cells/sim-alpha/fabric")
                                    .jsonPath()
                                    .getList("blames.component", String.class))
                            .contains("sim-alpha-gpu-00049/mlx5_7");
                });
    }

    private static List<Object> isolationChecks(String base, String cell) {
        return RestAssured.get(base + "/api/v1/cells/" + cell + "/isolation")
                .then()
                .statusCode(200)
                .extract()
                .jsonPath()
                .getList("check");
    }

    /** The running server's process id, from the pid file PostgreSQL keeps in its data directory. */
    private static long serverPid(Path directory) throws Exception {
        List<String> lines = Files.readAllLines(directory.resolve("data/postmaster.pid"), StandardCharsets.UTF_8);
        long pid = Long.parseLong(lines.get(0).trim());
        Optional<ProcessHandle> server = ProcessHandle.of(pid);
        assertThat(server).hasValueSatisfying(p -> assertThat(p.isAlive()).isTrue());
        return pid;
    }
}
