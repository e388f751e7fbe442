package io.railscope.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.railscope.MutableClock;
import java.io.EOFException;
import java.net.ConnectException;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

@Execution(ExecutionMode.CONCURRENT)
class DatabaseAvailabilityTest {

    @Test
    void connectionFailuresAreToldFromFailedQueries() {
        assertThat(DatabaseAvailability.isConnectionFailure(
                        new RuntimeException("read failed", new SQLException("refused", "08001"))))
                .isTrue();
        assertThat(DatabaseAvailability.isConnectionFailure(new SQLException("I/O error", "08006")))
                .isTrue();
        assertThat(DatabaseAvailability.isConnectionFailure(
                        new SQLException("terminating connection due to administrator command", "57P01")))
                .isTrue();
        assertThat(DatabaseAvailability.isConnectionFailure(
                        new IllegalStateException(new ConnectException("Connection refused"))))
                .isTrue();
        assertThat(DatabaseAvailability.isConnectionFailure(new SQLException("Sorry, acquisition timeout!")))
                .isTrue();
        // agroal-pool 3.0.1, ConnectionPool.getConnection: every connection of the pool held past the acquisition
        // timeout (collections holding the pool while a page waits) is the database being unavailable, not a 500
        assertThat(DatabaseAvailability.isConnectionFailure(new IllegalStateException(
                        new SQLException("Acquisition timeout while waiting for new connection"))))
                .isTrue();
        assertThat(DatabaseAvailability.isConnectionFailure(new SQLException("syntax error", "42601")))
                .isFalse();
        assertThat(DatabaseAvailability.isConnectionFailure(new IllegalArgumentException("x")))
                .isFalse();
    }

    @Test
    void anOutageLastsFromTheFirstFailureUntilTheDatabaseAnswers() {
        MutableClock clock = new MutableClock(Instant.parse("2026-01-01T10:00:00Z"));
        DatabaseAvailability availability = new DatabaseAvailability(clock);
        availability.failed(new SQLException("refused", "08001"));
        clock.advance(Duration.ofSeconds(30));
        DatabaseAvailability.Outage outage = availability.failed(new SQLException("still refused", "08001"));
        assertThat(outage.since()).isEqualTo(Instant.parse("2026-01-01T10:00:00Z"));
        assertThat(outage.message())
                .isEqualTo("Database unavailable since 2026-01-01T10:00:00Z, retrying: still refused");

        availability.answered();
        assertThat(availability.outage()).isEmpty();
        clock.advance(Duration.ofSeconds(5));
        assertThat(availability.failed(new SQLException("refused", "08001")).since())
                .isEqualTo(clock.instant());

        // failures a long quiet time apart are two outages, even if no probe saw the database in between
        clock.advance(Duration.ofMinutes(5));
        assertThat(availability.failed(new SQLException("refused", "08001")).since())
                .isEqualTo(clock.instant());
    }

    @Test
    void aCauseWithoutAMessageIsToldInWordsNotByItsClass() {
        DatabaseAvailability availability =
                new DatabaseAvailability(new MutableClock(Instant.parse("2026-01-01T10:00:00Z")));
        // the driver's EOFException when a connection is cut mid-read has no message
        String told = availability
                .failed(new SQLException("An I/O error occurred", "08006", new EOFException()))
                .message();
        assertThat(told)
                .endsWith("retrying: the connection to PostgreSQL closed")
                .doesNotContain("Exception");
    }
}
