package io.railscope.ops;

import static org.assertj.core.api.Assertions.assertThat;

import io.railscope.TestDatabases;
import java.sql.Connection;
import java.sql.Statement;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The packaged jar refusing to start: bad configuration or an unreachable database says why in its last line and
 * exits. Every case is a process of its own on its own port, so the cases run side by side; {@code OwnDatabaseIT}
 * starts it as the README does.
 */
// the packaged jar's tests start first, and wait on their processes beside the others
@Order(6)
@ExtendWith(WaitsOnProcesses.class)
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

    /**
     * One refused key of each kind: one the configuration mapping refuses, one Railscope refuses as it builds its
     * replicas. {@code InvalidConfigurationTest} holds every kind without starting a process.
     */
    static Stream<Arguments> invalidConfiguration() {
        String cell = "-Drailscope.cells.edge.simulated.nodes=4";
        return Stream.of(
                Arguments.of(
                        List.of(cell, "-Drailscope.cells.edge.simulated.nodse=5"),
                        "railscope.cells.edge.simulated.nodse"),
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

    private static String lastLine(String output) {
        String[] lines = output.strip().split("\n");
        return lines[lines.length - 1];
    }
}
