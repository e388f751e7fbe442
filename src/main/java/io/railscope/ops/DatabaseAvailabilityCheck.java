package io.railscope.ops;

import io.agroal.api.AgroalDataSource;
import io.railscope.http.DatabaseAvailability;
import jakarta.enterprise.context.ApplicationScoped;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.format.DateTimeFormatter;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.Readiness;

/**
 * Readiness of the database, with why it is down and since when: the same outage the pages answer 503 for. A probe
 * that reaches the database ends the outage; the connection pool reconnects by itself.
 */
@Readiness
@ApplicationScoped
public class DatabaseAvailabilityCheck implements HealthCheck {

    private final AgroalDataSource dataSource;
    private final DatabaseAvailability availability;

    public DatabaseAvailabilityCheck(AgroalDataSource dataSource, DatabaseAvailability availability) {
        this.dataSource = dataSource;
        this.availability = availability;
    }

    @Override
    public HealthCheckResponse call() {
        try (Connection connection = dataSource.getConnection()) {
            if (connection.isValid(2)) {
                availability.answered();
                return HealthCheckResponse.named("database-availability").up().build();
            }
            throw new SQLException("the connection did not answer within 2 s", "08006");
        } catch (SQLException | RuntimeException e) {
            DatabaseAvailability.Outage outage = availability.failed(e);
            return HealthCheckResponse.named("database-availability")
                    .down()
                    .withData("unavailableSince", DateTimeFormatter.ISO_INSTANT.format(outage.since()))
                    .withData("reason", outage.reason())
                    .withData("retrying", "the connection pool reconnects at the next request")
                    .build();
        }
    }
}
