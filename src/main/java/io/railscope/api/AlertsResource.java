package io.railscope.api;

import io.railscope.alert.AlertState;
import io.railscope.alert.AlertStore;
import io.railscope.alert.Severity;
import io.railscope.alert.StoredAlert;
import io.railscope.model.Silence;
import io.railscope.notify.SilenceStore;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.eclipse.microprofile.openapi.annotations.Operation;

/** Alerts of every cell as JSON. */
@Path("/api/v1/alerts")
@Produces(MediaType.APPLICATION_JSON)
public class AlertsResource {

    private final AlertStore alerts;
    private final SilenceStore silences;
    private final Clock clock;

    public AlertsResource(AlertStore alerts, SilenceStore silences, Clock clock) {
        this.clock = clock;
        this.alerts = alerts;
        this.silences = silences;
    }

    /** One alert: state pending, firing or resolved, and whether a silence mutes it. */
    public record AlertResponse(
            String fingerprint,
            String cell,
            String alertname,
            Severity severity,
            Map<String, String> labels,
            Map<String, String> annotations,
            AlertState state,
            boolean silenced,
            Instant activeAt,
            Instant startsAt,
            Instant resolvedAt,
            String generatorURL) {}

    @GET
    @Operation(summary = "Pending and firing alerts, and those resolved in the last hour; ?cell= and ?state= filter")
    public List<AlertResponse> alerts(@QueryParam("cell") String cell, @QueryParam("state") String state) {
        Instant now = clock.instant();
        List<Silence> active = silences.recent(now);
        return alerts.current(now.minus(Duration.ofHours(1))).stream()
                .filter(alert -> cell == null || alert.cell().equals(cell))
                .filter(alert -> state == null || alert.state().name().equalsIgnoreCase(state))
                .map(alert -> response(alert, Silence.muted(active, alert.labels(), now)))
                .toList();
    }

    static AlertResponse response(StoredAlert alert, boolean silenced) {
        return new AlertResponse(
                alert.fingerprint(),
                alert.cell(),
                alert.alertname(),
                alert.severity(),
                alert.labels(),
                alert.annotations(),
                alert.state(),
                silenced,
                alert.activeAt(),
                alert.startsAt(),
                alert.resolvedAt(),
                alert.generatorUrl());
    }
}
