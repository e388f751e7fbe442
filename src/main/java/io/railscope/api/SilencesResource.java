package io.railscope.api;

import io.railscope.model.Matcher;
import io.railscope.model.Silence;
import io.railscope.notify.Silences;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.NotFoundException;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.eclipse.microprofile.openapi.annotations.Operation;

/** Silences as in Alertmanager's API v2: matchers, start, end, creator, comment. */
@Path("/api/v1/silences")
@Produces(MediaType.APPLICATION_JSON)
public class SilencesResource {

    private final Silences silences;
    private final Clock clock;

    public SilencesResource(Silences silences, Clock clock) {
        this.clock = clock;
        this.silences = silences;
    }

    /** The body of a new silence. */
    public record NewSilence(
            List<Matcher> matchers, Instant startsAt, Instant endsAt, String createdBy, String comment) {}

    /** A silence with its state now. */
    public record SilenceResponse(
            UUID id,
            List<Matcher> matchers,
            Instant startsAt,
            Instant endsAt,
            String createdBy,
            String comment,
            Instant createdAt,
            String state) {

        static SilenceResponse of(Silence silence, Instant now) {
            return new SilenceResponse(
                    silence.id(),
                    silence.matchers(),
                    silence.startsAt(),
                    silence.endsAt(),
                    silence.createdBy(),
                    silence.comment(),
                    silence.createdAt(),
                    silence.state(now).label());
        }
    }

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Create a silence; 400 names the field at fault")
    public Response create(NewSilence body) {
        if (body == null) {
            throw new Silences.InvalidSilenceException("body: a JSON silence is required");
        }
        Silence silence = silences.create(
                body.matchers(), body.startsAt(), body.endsAt(), body.createdBy(), body.comment(), clock.instant());
        return Response.ok(Map.of("silenceID", silence.id())).build();
    }

    @GET
    @Operation(summary = "Silences not yet a week past their end, with state pending, active or expired")
    public List<SilenceResponse> list() {
        Instant now = clock.instant();
        return silences.recent(now).stream()
                .map(silence -> SilenceResponse.of(silence, now))
                .toList();
    }

    @DELETE
    @Path("/{id}")
    @Operation(summary = "Expire a silence now")
    public Response expire(@PathParam("id") UUID id) {
        if (!silences.expire(id, clock.instant())) {
            throw new NotFoundException("no silence " + id);
        }
        return Response.noContent().build();
    }
}
