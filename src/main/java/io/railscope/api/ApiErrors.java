package io.railscope.api;

import jakarta.ws.rs.NotFoundException;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import org.jboss.resteasy.reactive.server.ServerExceptionMapper;

/** Errors of the JSON API as {@code {"error": "..."}} with the right status. */
public class ApiErrors {

    /** The error body of every API failure. */
    public record ErrorResponse(String error) {
    }

    @ServerExceptionMapper
    public Response invalidSilence(io.railscope.notify.Silences.InvalidSilenceException e) {
        return Response.status(Response.Status.BAD_REQUEST).type(MediaType.APPLICATION_JSON).entity(new ErrorResponse(e.getMessage())).build();
    }

    @ServerExceptionMapper
    public Response notFound(NotFoundException e, jakarta.ws.rs.core.UriInfo uri) {
        if (!uri.getPath().startsWith("/api/")) {
            return Response.status(Response.Status.NOT_FOUND).type(MediaType.TEXT_PLAIN).entity("Not found").build();
        }
        return Response.status(Response.Status.NOT_FOUND).type(MediaType.APPLICATION_JSON)
                .entity(new ErrorResponse(e.getMessage())).build();
    }
}
