package io.railscope.database;

import static org.assertj.core.api.Assertions.assertThat;

import io.smallrye.config.PropertiesConfigSource;
import io.smallrye.config.SmallRyeConfig;
import io.smallrye.config.SmallRyeConfigBuilder;
import java.nio.file.Path;
import java.util.Map;
import java.util.stream.StreamSupport;
import org.eclipse.microprofile.config.spi.ConfigSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

@Execution(ExecutionMode.CONCURRENT)
class EmbeddedDatabaseConfigTest {

    @Test
    void aConfiguredUrlIsUsedAsItIsAndNothingIsStarted() {
        SmallRyeConfig config =
                config(Map.of(EmbeddedDatabaseConfig.URL, "jdbc:postgresql://db.example:5432/railscope"));
        assertThat(config.getValue(EmbeddedDatabaseConfig.URL, String.class))
                .isEqualTo("jdbc:postgresql://db.example:5432/railscope");
        assertThat(names(config)).doesNotContain("Railscope's own PostgreSQL");
    }

    @Test
    void whileQuarkusBuildsTheApplicationNothingIsStarted() {
        // the build reads configuration too; the application class Quarkus generates is not there yet
        assertThat(EmbeddedDatabaseConfig.runningApplication()).isFalse();
        SmallRyeConfig config = config(Map.of());
        assertThat(config.getOptionalValue(EmbeddedDatabaseConfig.URL, String.class))
                .isEmpty();
        assertThat(names(config)).doesNotContain("Railscope's own PostgreSQL");
    }

    @Test
    void theDirectoryIsTheConfiguredOneElseOneItsUserCanReach() {
        assertThat(EmbeddedDatabaseConfig.directory("/srv/railscope")).isEqualTo(Path.of("/srv/railscope"));
        Path byDefault = EmbeddedDatabaseConfig.directory(null);
        if (ServerUser.thisProcessIsRoot()) {
            assertThat(byDefault).isEqualTo(Path.of("/var/lib/railscope"));
        } else {
            assertThat(byDefault).isEqualTo(Path.of(System.getProperty("user.home"), ".railscope"));
        }
    }

    private static SmallRyeConfig config(Map<String, String> properties) {
        return new SmallRyeConfigBuilder()
                .withSources(new PropertiesConfigSource(properties, "test", 250))
                .withSources(new EmbeddedDatabaseConfig())
                .build();
    }

    private static Iterable<String> names(SmallRyeConfig config) {
        return StreamSupport.stream(config.getConfigSources().spliterator(), false)
                .map(ConfigSource::getName)
                .toList();
    }
}
