package io.railscope.security;

import io.railscope.config.RailscopeConfig;
import io.railscope.config.SecurityConfig;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.util.List;
import java.util.Set;
import org.jboss.resteasy.reactive.server.ServerRequestFilter;

/**
 * Who may do what. The API ({@code /api/}) takes bearer tokens when any is configured: reads need a
 * read or admin token, changes (POST, PUT, DELETE) an admin token. Pages, when a trusted proxy header
 * is configured, need the user it names, and their changes (silences) a user in {@code admin-users}.
 * Health and metrics stay open for probes and scrapers. Tokens are never logged or echoed.
 */
public class AccessFilter {

    private static final Set<String> CHANGES = Set.of("POST", "PUT", "PATCH", "DELETE");

    private final Tokens tokens;
    private final SecurityConfig config;

    public AccessFilter(Tokens tokens, RailscopeConfig config) {
        this.tokens = tokens;
        this.config = config.security();
    }

    @ServerRequestFilter(preMatching = true)
    public Response check(ContainerRequestContext request) {
        String path = request.getUriInfo().getPath();
        if (path.startsWith("/q/") || path.equals("/metrics") || path.startsWith("/css/") || path.startsWith("/js/")
                || path.startsWith("/webjars/")) {
            return null;
        }
        boolean change = CHANGES.contains(request.getMethod());
        return path.startsWith("/api/") ? api(request, change) : page(request, change);
    }

    private Response api(ContainerRequestContext request, boolean change) {
        if (!tokens.required()) {
            return null;
        }
        String authorization = request.getHeaderString(HttpHeaders.AUTHORIZATION);
        if (authorization == null || !authorization.regionMatches(true, 0, "Bearer ", 0, 7)) {
            return refuse(Response.Status.UNAUTHORIZED, "a bearer token is required (Authorization: Bearer <token>)");
        }
        var scope = tokens.scopeOf(authorization.substring(7).strip());
        if (scope.isEmpty()) {
            return refuse(Response.Status.UNAUTHORIZED, "the bearer token is not known");
        }
        if (change && scope.get() != Tokens.Scope.ADMIN) {
            return refuse(Response.Status.FORBIDDEN, "this needs an admin token");
        }
        return null;
    }

    private Response page(ContainerRequestContext request, boolean change) {
        if (config.trustedUserHeader().isEmpty()) {
            return null;
        }
        String user = request.getHeaderString(config.trustedUserHeader().get());
        if (user == null || user.isBlank()) {
            return Response.status(Response.Status.UNAUTHORIZED).type(MediaType.TEXT_PLAIN)
                    .entity("Sign in through the proxy in front of Railscope.").build();
        }
        if (change && !config.adminUsers().orElse(List.of()).contains(user.strip())) {
            return Response.status(Response.Status.FORBIDDEN).type(MediaType.TEXT_PLAIN)
                    .entity("Creating and expiring silences needs an admin user (railscope.security.admin-users).").build();
        }
        return null;
    }

    private static Response refuse(Response.Status status, String message) {
        Response.ResponseBuilder response = Response.status(status).type(MediaType.APPLICATION_JSON).entity(java.util.Map.of("error", message));
        if (status == Response.Status.UNAUTHORIZED) {
            response.header(HttpHeaders.WWW_AUTHENTICATE, "Bearer realm=\"railscope\"");
        }
        return response.build();
    }
}
