package io.railscope.ops;

import io.railscope.health.Freshness;
import io.railscope.read.CellReads;
import io.railscope.read.CellSummary;
import io.smallrye.health.api.Wellness;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Clock;
import java.time.Instant;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.HealthCheckResponseBuilder;

/**
 * Reports per cell whether its data is fresh. A wellness check, not readiness: a stale cell is a
 * fact to show, not a reason to take Railscope out of its Service.
 */
@Wellness
@ApplicationScoped
public class CellFreshnessCheck implements HealthCheck {

    private final CellReads reads;
    private final Freshness freshness;
    private final Clock clock;

    public CellFreshnessCheck(CellReads reads, Freshness freshness, Clock clock) {
        this.clock = clock;
        this.reads = reads;
        this.freshness = freshness;
    }

    @Override
    public HealthCheckResponse call() {
        Instant now = clock.instant();
        HealthCheckResponseBuilder response =
                HealthCheckResponse.named("cell-freshness").up();
        for (CellSummary cell : reads.fleet()) {
            boolean stale = cell.isStale(freshness, now);
            response.withData(cell.cell(), stale ? "stale" : "fresh");
            if (stale) {
                response.down();
            }
        }
        return response.build();
    }
}
