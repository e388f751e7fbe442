package io.railscope.database;

import io.smallrye.config.ConfigSourceContext;
import io.smallrye.config.ConfigSourceFactory;
import io.smallrye.config.ConfigValue;
import io.smallrye.config.PropertiesConfigSource;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.BooleanSupplier;
import org.eclipse.microprofile.config.spi.ConfigSource;

/**
 * Where no {@code quarkus.datasource.jdbc.url} is configured, starts Railscope's own PostgreSQL and points the
 * datasources at it. Started once per process: when configuration is read again in the same process (live reload, in
 * a new class loader), the server already running is used, found through a system property.
 */
public class EmbeddedDatabaseConfig implements ConfigSourceFactory {

    static final String URL = "quarkus.datasource.jdbc.url";
    static final String DIRECTORY = "railscope.database.directory";
    static final String USER = "railscope.database.user";
    static final String DEFAULT_USER = "railscope";
    static final String SOURCE_NAME = "Railscope's own PostgreSQL";

    /** The running server's URL, for every class loader of this process; outside the railscope.* keys. */
    static final String RUNNING = "io.railscope.database.running-url";

    /** Above application.properties (250), below the environment (300) and system properties (400). */
    static final int ORDINAL = 275;

    private static final String GENERATED_APPLICATION = "io/quarkus/runner/ApplicationImpl.class";

    private static EmbeddedDatabase started;

    private final BooleanSupplier runningApplication;

    public EmbeddedDatabaseConfig() {
        this(EmbeddedDatabaseConfig::runningApplication);
    }

    EmbeddedDatabaseConfig(BooleanSupplier runningApplication) {
        this.runningApplication = runningApplication;
    }

    @Override
    public Iterable<ConfigSource> getConfigSources(ConfigSourceContext context) {
        if (present(context.getValue(URL)) || !runningApplication.getAsBoolean()) {
            return List.of();
        }
        Path directory = directory(context.getValue(DIRECTORY).getValue());
        String url;
        String password;
        synchronized (EmbeddedDatabaseConfig.class) {
            if (System.getProperty(RUNNING) == null) {
                ConfigValue user = context.getValue(USER);
                started = EmbeddedDatabase.start(
                        directory, present(user) ? user.getValue() : DEFAULT_USER, "No " + URL + " configured");
                System.setProperty(RUNNING, started.jdbcUrl(EmbeddedDatabase.DATABASE));
            }
            url = System.getProperty(RUNNING);
            password = password(directory);
        }
        return List.of(new PropertiesConfigSource(
                Map.of(
                        URL,
                        url,
                        "quarkus.datasource.username",
                        EmbeddedDatabase.SUPERUSER,
                        "quarkus.datasource.password",
                        password),
                SOURCE_NAME,
                ORDINAL));
    }

    /** The server this class loader started, if it did (for tests that stop it). */
    static synchronized EmbeddedDatabase started() {
        return started;
    }

    /** Forgets the server this process started, once stopped. */
    static synchronized void forget() {
        started = null;
        System.clearProperty(RUNNING);
    }

    private static String password(Path directory) {
        try {
            return DatabasePassword.readOrCreate(
                    directory.toAbsolutePath().normalize().resolve("password"));
        } catch (IOException e) {
            throw new EmbeddedDatabaseException(
                    "the password of Railscope's own PostgreSQL in " + directory + " cannot be read: " + e.getMessage(),
                    e);
        }
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

    private static boolean present(ConfigValue value) {
        return value != null && value.getValue() != null && !value.getValue().isBlank();
    }
}
