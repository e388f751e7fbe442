package io.railscope.ops;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.quarkus.runtime.configuration.DurationConverter;
import io.railscope.config.Fleet;
import io.railscope.config.RailscopeConfig;
import io.railscope.replica.Replicas;
import io.smallrye.config.PropertiesConfigSource;
import io.smallrye.config.SmallRyeConfig;
import io.smallrye.config.SmallRyeConfigBuilder;
import io.smallrye.config.validator.BeanValidationConfigValidator;
import jakarta.validation.Validation;
import jakarta.validation.Validator;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.hibernate.validator.messageinterpolation.ParameterMessageInterpolator;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Configuration a start refuses, and the one line that says which key is wrong: the configuration read as Quarkus
 * reads it (the mapping, its constraints, unknown keys refused), the fleet and the replicas built from it, and the
 * failure explained as the packaged jar explains it. {@code StartupIT} starts the jar with one refused key of each
 * kind, to show that this line is the last one the process prints.
 */
@Execution(ExecutionMode.CONCURRENT)
class InvalidConfigurationTest {

    private static final Validator VALIDATOR = Validation.byDefaultProvider()
            .configure()
            .messageInterpolator(new ParameterMessageInterpolator())
            .buildValidatorFactory()
            .getValidator();

    static Stream<Arguments> refused() {
        String cell = "railscope.cells.edge.simulated.nodes=4";
        return Stream.of(
                // a typo in a key
                Arguments.of(
                        List.of(cell, "railscope.cells.edge.simulated.nodse=5"),
                        "railscope.cells.edge.simulated.nodse"),
                // a value that is no duration
                Arguments.of(List.of("railscope.collect.interval=soon"), "railscope.collect.interval"),
                // a fault the simulator does not know
                Arguments.of(
                        List.of(cell, "railscope.cells.edge.simulated.faults=rail-explodes"),
                        "railscope.cells.edge.simulated.faults"),
                // a constraint
                Arguments.of(
                        List.of(cell, "railscope.cells.edge.rails.expected-gbps=0"),
                        "railscope.cells.edge.rails.expected-gbps"),
                // two metric sources for one cell
                Arguments.of(
                        List.of(
                                "railscope.cells.edge.metrics.targets=10.0.0.1:9100",
                                "railscope.cells.edge.metrics.prometheus-url=http://prometheus:9090"),
                        "railscope.cells.edge.metrics"),
                // a cell name that is no DNS label
                Arguments.of(List.of("railscope.cells.Edge_1.simulated.nodes=4"), "railscope.cells.Edge_1"),
                // a label selector that does not read, and a check that does not exist
                Arguments.of(
                        List.of(cell, "railscope.cells.edge.audit.inference-selector=app in (x"),
                        "railscope.cells.edge.audit.inference-selector"),
                Arguments.of(
                        List.of(cell, "railscope.cells.edge.audit.disabled-checks=no-such-check"),
                        "railscope.cells.edge.audit.disabled-checks"),
                // a lease that would expire before its replica renews it
                Arguments.of(
                        List.of(cell, "railscope.replicas.lease-duration=2s"), "railscope.replicas.lease-duration"));
    }

    @ParameterizedTest
    @MethodSource
    void refused(List<String> properties, String key) {
        Throwable failure = catchThrowable(() -> start(properties));

        assertThat(failure).as("a start with %s", properties).isNotNull();
        assertThat(StartupFailure.explain(failure))
                .startsWith("railscope: invalid configuration")
                .contains(key)
                .doesNotContain("\n");
    }

    @ParameterizedTest
    @MethodSource("refused")
    void withoutTheFaultyKeyTheSameConfigurationStarts(List<String> properties, String key) {
        List<String> without = properties.stream()
                .filter(property -> !property.startsWith(key))
                .toList();

        assertThat(catchThrowable(() -> start(without)))
                .as("a start with %s", without)
                .isNull();
    }

    /** What a start builds from its configuration before it serves: the mapping, the fleet and the replicas. */
    private static void start(List<String> properties) {
        Map<String, String> values = new HashMap<>();
        for (String property : properties) {
            String[] pair = property.split("=", 2);
            values.put(pair[0], pair[1]);
        }
        SmallRyeConfig config = new SmallRyeConfigBuilder()
                .withSources(new PropertiesConfigSource(values, "system properties", 400))
                .withConverter(Duration.class, 200, new DurationConverter())
                .withValidator((BeanValidationConfigValidator) () -> VALIDATOR)
                .withMapping(RailscopeConfig.class)
                .build();
        RailscopeConfig railscope = config.getConfigMapping(RailscopeConfig.class);
        Fleet fleet = new Fleet(railscope);
        new Replicas(
                null,
                "test",
                fleet.cells().stream().map(cell -> cell.name()).toList(),
                railscope.replicas().heartbeatInterval(),
                railscope.replicas().leaseDuration());
    }
}
