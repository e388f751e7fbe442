package io.railscope.api;

import io.railscope.http.RequestErrors;
import io.railscope.notify.Silences;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.core.Response;
import org.jboss.resteasy.reactive.server.ServerExceptionMapper;

/** A silence that cannot be created is a 400 naming the field at fault, for the API and the form alike. */
public class SilenceErrors {

    @ServerExceptionMapper
    public Response invalidSilence(Silences.InvalidSilenceException e, ContainerRequestContext request) {
        return RequestErrors.badRequest(e.getMessage(), request);
    }
}
