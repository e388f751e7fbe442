package io.railscope.ops;

import io.railscope.config.InvalidConfigurationException;
import io.railscope.database.EmbeddedDatabaseException;
import java.net.ConnectException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.eclipse.microprofile.config.ConfigProvider;

/** Turns a failed start into one line an operator can act on. */
final class StartupFailure {

    private static final Pattern MISSING_DATABASE = Pattern.compile("database \"([^\"]+)\" does not exist");

    private StartupFailure() {}

    static String explain(Throwable failure) {
        String url = datasourceUrl();
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            String message = String.valueOf(cause.getMessage());
            if (cause instanceof EmbeddedDatabaseException) {
                return "railscope: " + message;
            }
            Matcher missing = MISSING_DATABASE.matcher(message);
            if (missing.find()) {
                return "railscope: PostgreSQL at " + url + " has no database \"" + missing.group(1)
                        + "\"; create it with: createdb -h 127.0.0.1 -U postgres " + missing.group(1);
            }
            if (cause instanceof ConnectException
                    || message.contains("Connection refused")
                    || message.contains("refused. Check")) {
                return "railscope: cannot reach PostgreSQL at " + url + " (" + firstLine(message) + "); start it with: "
                        + "pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start, "
                        + "or point QUARKUS_DATASOURCE_JDBC_URL at a running server, or leave it unset for Railscope to run its own";
            }
        }
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            String message = String.valueOf(cause.getMessage());
            if (cause instanceof InvalidConfigurationException) {
                return "railscope: invalid configuration: " + message;
            }
            if (message.startsWith("Configuration validation failed")) {
                return "railscope: invalid configuration: "
                        + message.substring(message.indexOf(':') + 1).strip().replaceAll("\\s*\\n\\s*", "; ");
            }
        }
        Throwable root = failure;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        return "railscope: start-up failed: " + firstLine(String.valueOf(root.getMessage()));
    }

    private static String datasourceUrl() {
        try {
            return ConfigProvider.getConfig()
                    .getOptionalValue("quarkus.datasource.jdbc.url", String.class)
                    .orElse("(no URL configured)");
        } catch (RuntimeException e) {
            return "(configured URL unknown)";
        }
    }

    private static String firstLine(String message) {
        int newline = message.indexOf('\n');
        return newline < 0 ? message : message.substring(0, newline);
    }
}
