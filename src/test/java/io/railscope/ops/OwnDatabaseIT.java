package io.railscope.ops;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.restassured.RestAssured;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.apache.commons.io.file.PathUtils;
import org.assertj.core.api.InstanceOfAssertFactories;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

/**
 * The packaged jar with no database configured, as on a machine with nothing but Java: it runs its own PostgreSQL,
 * says so in one line, serves the simulated fleet from it, and the server ends with the jar even when the jar is
 * killed outright; started again, it finds its data where it left it.
 */
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
            servesTheSimulatedFleet(railscope);
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

    /** The running server's process id, from the pid file PostgreSQL keeps in its data directory. */
    private static long serverPid(Path directory) throws Exception {
        List<String> lines = Files.readAllLines(directory.resolve("data/postmaster.pid"), StandardCharsets.UTF_8);
        long pid = Long.parseLong(lines.get(0).trim());
        Optional<ProcessHandle> server = ProcessHandle.of(pid);
        assertThat(server).hasValueSatisfying(p -> assertThat(p.isAlive()).isTrue());
        return pid;
    }
}
