package io.railscope.database;

import io.smallrye.config.ConfigSourceContext;
import io.smallrye.config.ConfigSourceFactory;
import io.smallrye.config.ConfigValue;
import io.smallrye.config.PropertiesConfigSource;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.eclipse.microprofile.config.spi.ConfigSource;

/**
 * Where no {@code quarkus.datasource.jdbc.url} is configured, starts Railscope's own PostgreSQL and points the
 * datasources at it. Started once per process: the server found running is used again when configuration is read
 * again (live reload).
 */
public class EmbeddedDatabaseConfig implements ConfigSourceFactory {

    static final String URL = "quarkus.datasource.jdbc.url";
    static final String DIRECTORY = "railscope.database.directory";
    static final String USER = "railscope.database.user";
    static final String DEFAULT_USER = "railscope";

    /** Above application.properties (250), below the environment (300) and system properties (400). */
    static final int ORDINAL = 275;

    private static final String GENERATED_APPLICATION = "io/quarkus/runner/ApplicationImpl.class";

    private static EmbeddedDatabase running;

    @Override
    public Iterable<ConfigSource> getConfigSources(ConfigSourceContext context) {
        if (present(context.getValue(URL)) || !runningApplication()) {
            return List.of();
        }
        EmbeddedDatabase database = runningOrStarted(context);
        return List.of(new PropertiesConfigSource(
                Map.of(
                        URL,
                        database.jdbcUrl(EmbeddedDatabase.DATABASE),
                        "quarkus.datasource.username",
                        database.username(),
                        "quarkus.datasource.password",
                        database.password()),
                "Railscope's own PostgreSQL",
                ORDINAL));
    }

    private static synchronized EmbeddedDatabase runningOrStarted(ConfigSourceContext context) {
        if (running == null) {
            ConfigValue user = context.getValue(USER);
            running = EmbeddedDatabase.start(
                    directory(context.getValue(DIRECTORY).getValue()),
                    present(user) ? user.getValue() : DEFAULT_USER,
                    "No " + URL + " configured");
        }
        return running;
    }

    /**
     * The configured directory, else {@code /var/lib/railscope} for root (its home is closed to the server's
     * unprivileged user) and {@code ~/.railscope} for any other user.
     */
    static Path directory(String configured) {
        if (configured != null && !configured.isBlank()) {
            return Path.of(configured);
        }
        if (ServerUser.thisProcessIsRoot()) {
            return Path.of("/var/lib/railscope");
        }
        return Path.of(System.getProperty("user.home"), ".railscope");
    }

    /**
     * Whether this is the built application starting, not Quarkus building it: configuration is also read at build
     * time, where the application class Quarkus generates does not exist yet.
     */
    static boolean runningApplication() {
        ClassLoader loader = Thread.currentThread().getContextClassLoader();
        return (loader == null ? EmbeddedDatabaseConfig.class.getClassLoader() : loader)
                        .getResource(GENERATED_APPLICATION)
                != null;
    }

    private static boolean present(ConfigValue value) {
        return value != null && value.getValue() != null && !value.getValue().isBlank();
    }
}
