package io.railscope.database;

import static org.assertj.core.api.Assertions.assertThat;

import io.smallrye.config.PropertiesConfigSource;
import io.smallrye.config.SmallRyeConfig;
import io.smallrye.config.SmallRyeConfigBuilder;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import java.util.function.BooleanSupplier;
import java.util.stream.StreamSupport;
import org.apache.commons.io.file.PathUtils;
import org.eclipse.microprofile.config.spi.ConfigSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

@Execution(ExecutionMode.SAME_THREAD)
class EmbeddedDatabaseConfigTest {

    @Test
    void aConfiguredUrlIsUsedAsItIsAndNothingIsStarted() throws IOException {
        Path directory = Files.createTempDirectory("railscope-configured");
        SmallRyeConfig config = config(
                Map.of(
                        EmbeddedDatabaseConfig.URL,
                        "jdbc:postgresql://db.example:5432/railscope",
                        EmbeddedDatabaseConfig.DIRECTORY,
                        directory.toString()),
                () -> true);
        assertThat(config.getValue(EmbeddedDatabaseConfig.URL, String.class))
                .isEqualTo("jdbc:postgresql://db.example:5432/railscope");
        assertThat(names(config)).doesNotContain(EmbeddedDatabaseConfig.SOURCE_NAME);
        assertThat(EmbeddedDatabaseConfig.started()).isNull();
        assertThat(directory).isEmptyDirectory();
        Files.delete(directory);
    }

    @Test
    void whileQuarkusBuildsTheApplicationNothingIsStarted() {
        // the build reads configuration too; the application class Quarkus generates is not there yet
        assertThat(EmbeddedDatabaseConfig.runningApplication()).isFalse();
        SmallRyeConfig config = config(Map.of(), EmbeddedDatabaseConfig::runningApplication);
        assertThat(config.getOptionalValue(EmbeddedDatabaseConfig.URL, String.class))
                .isEmpty();
        assertThat(names(config)).doesNotContain(EmbeddedDatabaseConfig.SOURCE_NAME);
    }

    @Test
    void withNoUrlTheDatasourcesPointAtItsOwnServerStartedOncePerProcess() throws Exception {
        Path directory = Files.createTempDirectory("railscope-own");
        Files.setPosixFilePermissions(directory, PosixFilePermissions.fromString("rwxr-xr-x"));
        try {
            Map<String, String> keys = Map.of(
                    EmbeddedDatabaseConfig.DIRECTORY, directory.resolve("db").toString());
            SmallRyeConfig config = config(keys, () -> true);
            EmbeddedDatabase started = EmbeddedDatabaseConfig.started();
            assertThat(config.getValue(EmbeddedDatabaseConfig.URL, String.class))
                    .isEqualTo(started.jdbcUrl(EmbeddedDatabase.DATABASE));
            assertThat(config.getValue("quarkus.datasource.password", String.class))
                    .isEqualTo(started.password());
            // configuration read again in this process (live reload): the same server
            SmallRyeConfig again = config(keys, () -> true);
            assertThat(again.getValue(EmbeddedDatabaseConfig.URL, String.class))
                    .isEqualTo(started.jdbcUrl(EmbeddedDatabase.DATABASE));
            assertThat(EmbeddedDatabaseConfig.started()).isSameAs(started);
            started.stop();
        } finally {
            EmbeddedDatabaseConfig.forget();
            PathUtils.deleteDirectory(directory);
        }
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

    private static SmallRyeConfig config(Map<String, String> properties, BooleanSupplier runningApplication) {
        return new SmallRyeConfigBuilder()
                .withSources(new PropertiesConfigSource(properties, "test", 250))
                .withSources(new EmbeddedDatabaseConfig(runningApplication))
                .build();
    }

    private static Iterable<String> names(SmallRyeConfig config) {
        return StreamSupport.stream(config.getConfigSources().spliterator(), false)
                .map(ConfigSource::getName)
                .toList();
    }
}
