package io.railscope.security;

import io.railscope.config.RailscopeConfig;
import io.railscope.config.SecurityConfig;
import io.railscope.http.ErrorBody;
import io.railscope.http.RequestErrors;
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
 * is configured, need the user it names. A change on the pages (silences) needs an identity: a user in
 * {@code admin-users}, or an admin token as a bearer header or through the sign-in form; with neither configured,
 * page changes are refused with how to enable them.
 * Health and metrics stay open for probes and scrapers. Tokens are never logged or echoed.
 */
public class AccessFilter {

    private static final Set<String> CHANGES = Set.of("POST", "PUT", "PATCH", "DELETE");

    private final Tokens tokens;
    private final Sessions sessions;
    private final SecurityConfig config;

    public AccessFilter(Tokens tokens, Sessions sessions, RailscopeConfig config) {
        this.tokens = tokens;
        this.sessions = sessions;
        this.config = config.security();
    }

    @ServerRequestFilter(preMatching = true)
    public Response check(ContainerRequestContext request) {
        String path = request.getUriInfo().getPath();
        if (path.startsWith("/q/")
                || path.equals("/metrics")
                || path.startsWith("/css/")
                || path.startsWith("/js/")
                || path.startsWith("/webjars/")) {
            return null;
        }
        boolean change = CHANGES.contains(request.getMethod());
        // the fleet's verdicts are the API's data in another format: a scraper presents a read token as a client does
        return path.startsWith("/api/") || path.equals("/metrics/fleet") ? api(request, change) : page(request, change);
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
        if (change && scope.get() != SecurityConfig.Scope.ADMIN) {
            return refuse(Response.Status.FORBIDDEN, "this needs an admin token");
        }
        return null;
    }

    private Response page(ContainerRequestContext request, boolean change) {
        String user = null;
        if (config.trustedUserHeader().isPresent()) {
            user = request.getHeaderString(config.trustedUserHeader().get());
            if (user == null || user.isBlank()) {
                return refusePage(Response.Status.UNAUTHORIZED, "Sign in through the proxy in front of Railscope.");
            }
        }
        if (!change) {
            return null;
        }
        // a page change is a form, so that the CSRF check reads its token: any other body would pass it unchecked
        MediaType type = request.getMediaType();
        if (type == null
                || !type.isCompatible(MediaType.APPLICATION_FORM_URLENCODED_TYPE)
                        && !type.isCompatible(MediaType.MULTIPART_FORM_DATA_TYPE)) {
            return RequestErrors.answer(
                    "/",
                    Response.Status.UNSUPPORTED_MEDIA_TYPE,
                    "Changes on the pages are HTML forms (application/x-www-form-urlencoded).",
                    null);
        }
        if (request.getUriInfo().getPath().startsWith(SignIn.PATH + "/")
                || request.getUriInfo().getPath().equals(SignIn.PATH)) {
            return null;
        }
        if (user != null && config.adminUsers().orElse(List.of()).contains(user.strip()) || hasAdminToken(request)) {
            return null;
        }
        if (config.trustedUserHeader().isEmpty() && !tokens.adminConfigured()) {
            return refusePage(
                    Response.Status.FORBIDDEN,
                    "Changes on the pages need an identity and none is configured: set "
                            + "railscope.security.trusted-user-header and railscope.security.admin-users behind an authenticating proxy, or configure "
                            + "an admin token (railscope.security.tokens.<name>.sha256 with .scope=admin) and sign in at "
                            + SignIn.PATH + ".");
        }
        if (user != null && !tokens.adminConfigured()) {
            return refusePage(
                    Response.Status.FORBIDDEN,
                    "Creating and expiring silences needs an admin user (railscope.security.admin-users).");
        }
        return refusePage(
                Response.Status.FORBIDDEN,
                "Creating and expiring silences needs an admin user (railscope.security.admin-users)"
                        + " or an admin token: sign in at " + SignIn.PATH + ".");
    }

    /** An admin token as a bearer header, or the session a sign-in with one opened. */
    private boolean hasAdminToken(ContainerRequestContext request) {
        String authorization = request.getHeaderString(HttpHeaders.AUTHORIZATION);
        if (authorization != null
                && authorization.regionMatches(true, 0, "Bearer ", 0, 7)
                && tokens.scopeOf(authorization.substring(7).strip())
                        .filter(scope -> scope == SecurityConfig.Scope.ADMIN)
                        .isPresent()) {
            return true;
        }
        var cookie = request.getCookies().get(SignIn.COOKIE);
        return cookie != null && sessions.admin(cookie.getValue());
    }

    private static Response refusePage(Response.Status status, String message) {
        return RequestErrors.answer("/", status, message, null);
    }

    private static Response refuse(Response.Status status, String message) {
        Response.ResponseBuilder response =
                Response.status(status).type(MediaType.APPLICATION_JSON).entity(ErrorBody.of(message));
        if (status == Response.Status.UNAUTHORIZED) {
            response.header(HttpHeaders.WWW_AUTHENTICATE, "Bearer realm=\"railscope\"");
        }
        return response.build();
    }
}
