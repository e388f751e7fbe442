package io.railscope.http;

import jakarta.enterprise.context.ApplicationScoped;
import java.io.EOFException;
import java.io.IOException;
import java.net.ConnectException;
import java.net.SocketTimeoutException;
import java.sql.SQLException;
import java.sql.SQLNonTransientConnectionException;
import java.sql.SQLTransientConnectionException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.Locale;
import java.util.Optional;

/**
 * Since when PostgreSQL cannot be reached, as requests and the health check find out. An outage starts at the first
 * failure after a success (or after a minute without failures) and ends at the next success; the connection pool
 * reconnects by itself, so nothing here retries.
 */
@ApplicationScoped
public class DatabaseAvailability {

    private static final Duration QUIET_ENDS_OUTAGE = Duration.ofMinutes(1);

    /** PostgreSQL unreachable since {@code since}, last because of {@code reason}. */
    public record Outage(Instant since, String reason) {

        /** What a page or an API answer says. */
        public String message() {
            return "Database unavailable since "
                    + DateTimeFormatter.ISO_INSTANT.format(since.truncatedTo(ChronoUnit.SECONDS)) + ", retrying: "
                    + reason;
        }
    }

    private final Clock clock;
    private Outage outage;
    private Instant lastFailure;

    public DatabaseAvailability(Clock clock) {
        this.clock = clock;
    }

    /** Records a failure to reach the database and returns the outage it belongs to. */
    public synchronized Outage failed(Throwable cause) {
        Instant now = clock.instant();
        String reason = reason(cause);
        if (outage == null || lastFailure.plus(QUIET_ENDS_OUTAGE).isBefore(now)) {
            outage = new Outage(now, reason);
        } else {
            outage = new Outage(outage.since(), reason);
        }
        lastFailure = now;
        return outage;
    }

    /** The database answered: any outage is over. */
    public synchronized void answered() {
        outage = null;
    }

    public synchronized Optional<Outage> outage() {
        return Optional.ofNullable(outage);
    }

    /** Whether {@code e} (or a cause) says the database could not be reached, as opposed to a query that failed. */
    public static boolean isConnectionFailure(Throwable e) {
        for (Throwable cause = e; cause != null; cause = cause.getCause() == cause ? null : cause.getCause()) {
            if (cause instanceof SQLTransientConnectionException
                    || cause instanceof SQLNonTransientConnectionException
                    || cause instanceof ConnectException) {
                return true;
            }
            if (cause instanceof SQLException sql
                    && (sql.getSQLState() != null
                                    && (sql.getSQLState().startsWith("08")
                                            || sql.getSQLState().startsWith("57P"))
                            || String.valueOf(sql.getMessage())
                                    .toLowerCase(Locale.ROOT)
                                    .contains("acquisition timeout"))) {
                return true;
            }
        }
        return false;
    }

    /** Why, in words: the innermost cause's message, or what its kind means when it has none (never a class name). */
    private static String reason(Throwable e) {
        Throwable root = e;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        String message = root.getMessage() != null && !root.getMessage().isBlank() ? root.getMessage() : unnamed(root);
        return message.lines().findFirst().orElse(message);
    }

    private static String unnamed(Throwable cause) {
        if (cause instanceof EOFException) {
            return "the connection to PostgreSQL closed";
        }
        if (cause instanceof SocketTimeoutException) {
            return "PostgreSQL did not answer in time";
        }
        if (cause instanceof IOException) {
            return "the connection to PostgreSQL failed";
        }
        return "PostgreSQL could not be reached";
    }
}
