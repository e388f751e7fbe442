package io.railscope.ops;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.railscope.TestDatabases;
import io.restassured.RestAssured;
import io.restassured.path.json.JsonPath;
import java.sql.Connection;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The packaged jar, started as the README starts it: good configuration runs, bad configuration says why and exits.
 * Every case is a process of its own on its own port, so the cases run side by side.
 */
@Execution(ExecutionMode.CONCURRENT)
class StartupIT {

    @BeforeAll
    static void emptyDatabase() throws Exception {
        try (Connection connection = TestDatabases.connect(RailscopeProcess.IT_DATABASE);
                Statement statement = connection.createStatement()) {
            statement.execute("DROP SCHEMA public CASCADE");
            statement.execute("CREATE SCHEMA public");
        }
    }

    static Stream<Arguments> invalidConfiguration() {
        String cell = "-Drailscope.cells.edge.simulated.nodes=4";
        return Stream.of(
                // a typo in a key
                Arguments.of(
                        List.of(cell, "-Drailscope.cells.edge.simulated.nodse=5"),
                        "railscope.cells.edge.simulated.nodse"),
                // a value that is no duration
                Arguments.of(List.of("-Drailscope.collect.interval=soon"), "railscope.collect.interval"),
                // a fault the simulator does not know
                Arguments.of(
                        List.of(cell, "-Drailscope.cells.edge.simulated.faults=rail-explodes"),
                        "railscope.cells.edge.simulated.faults"),
                // a constraint
                Arguments.of(
                        List.of(cell, "-Drailscope.cells.edge.rails.expected-gbps=0"),
                        "railscope.cells.edge.rails.expected-gbps"),
                // two metric sources for one cell
                Arguments.of(
                        List.of(
                                "-Drailscope.cells.edge.metrics.targets=10.0.0.1:9100",
                                "-Drailscope.cells.edge.metrics.prometheus-url=http://prometheus:9090"),
                        "railscope.cells.edge.metrics"),
                // a cell name that is no DNS label
                Arguments.of(List.of("-Drailscope.cells.Edge_1.simulated.nodes=4"), "railscope.cells.Edge_1"),
                // a label selector that does not read, and a check that does not exist
                Arguments.of(
                        List.of(cell, "-Drailscope.cells.edge.audit.inference-selector=app in (x"),
                        "railscope.cells.edge.audit.inference-selector"),
                Arguments.of(
                        List.of(cell, "-Drailscope.cells.edge.audit.disabled-checks=no-such-check"),
                        "railscope.cells.edge.audit.disabled-checks"),
                // a lease that would expire before its replica renews it
                Arguments.of(
                        List.of(cell, "-Drailscope.replicas.lease-duration=2s"), "railscope.replicas.lease-duration"));
    }

    @ParameterizedTest
    @MethodSource
    void invalidConfiguration(List<String> properties, String key) throws Exception {
        try (RailscopeProcess railscope = RailscopeProcess.start(properties.toArray(String[]::new))) {
            assertThat(railscope.exitCode()).isNotZero();
            assertThat(lastLine(railscope.output()))
                    .startsWith("railscope: invalid configuration")
                    .contains(key);
        }
    }

    @Test
    void unreachableDatabaseEndsInOneLineNamingTheUrl() throws Exception {
        String url = "jdbc:postgresql://127.0.0.1:" + FreePort.pick() + "/railscope";
        try (RailscopeProcess railscope = RailscopeProcess.start("-Dquarkus.datasource.jdbc.url=" + url)) {
            assertThat(railscope.exitCode()).isNotZero();
            String output = railscope.output();
            assertThat(lastLine(output))
                    .startsWith("railscope: cannot reach PostgreSQL at " + url)
                    .contains("pg_ctlcluster");
            assertThat(output).doesNotContain("\tat ");
        }
    }

    @Test
    void withoutCellsItRunsTheSimulatedFleetWithItsFaultsVisible() throws Exception {
        try (RailscopeProcess railscope = RailscopeProcess.start()) {
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
            assertThat(RestAssured.get(base + "/api/v1/cells/sim-bravo/isolation")
                            .then()
                            .statusCode(200)
                            .extract()
                            .jsonPath()
                            .getList("check"))
                    .hasSize(9)
                    .doesNotHaveDuplicates();
            assertThat(RestAssured.get(base + "/api/v1/cells/sim-alpha/isolation")
                            .then()
                            .statusCode(200)
                            .extract()
                            .jsonPath()
                            .getList("check"))
                    .isEmpty();
        }
    }

    private static String lastLine(String output) {
        String[] lines = output.strip().split("\n");
        return lines[lines.length - 1];
    }
}
