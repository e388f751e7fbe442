package io.railscope.security;

import io.quarkus.qute.CheckedTemplate;
import io.quarkus.qute.TemplateInstance;
import io.railscope.config.SecurityConfig;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.CookieParam;
import jakarta.ws.rs.FormParam;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.NewCookie;
import jakarta.ws.rs.core.Response;
import java.net.URI;

/** The sign-in form of the pages: an admin token opens a session whose HttpOnly cookie lets its holder change things. */
@Path(SignIn.PATH)
@Produces(MediaType.TEXT_HTML)
public class SignIn {

    static final String PATH = "/login";
    static final String COOKIE = "railscope-session";

    @CheckedTemplate
    static class Templates {
        static native TemplateInstance login(boolean enabled, String error);
    }

    private final Tokens tokens;
    private final Sessions sessions;

    public SignIn(Tokens tokens, Sessions sessions) {
        this.tokens = tokens;
        this.sessions = sessions;
    }

    @GET
    public TemplateInstance form() {
        return Templates.login(tokens.adminConfigured(), null);
    }

    @POST
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    public Response signIn(@FormParam("token") String token) {
        if (token == null
                || tokens.scopeOf(token.strip())
                        .filter(scope -> scope == SecurityConfig.Scope.ADMIN)
                        .isEmpty()) {
            return Response.status(Response.Status.UNAUTHORIZED)
                    .type(MediaType.TEXT_HTML)
                    .entity(Templates.login(tokens.adminConfigured(), "That is not an admin token.")
                            .render())
                    .build();
        }
        NewCookie session = new NewCookie.Builder(COOKIE)
                .value(sessions.open())
                .path("/")
                .httpOnly(true)
                .sameSite(NewCookie.SameSite.STRICT)
                .maxAge((int) Sessions.LIFETIME.toSeconds())
                .build();
        return Response.seeOther(URI.create("/silences")).cookie(session).build();
    }

    @POST
    @Path("out")
    public Response signOut(@CookieParam(COOKIE) String session) {
        sessions.close(session);
        return Response.seeOther(URI.create("/"))
                .cookie(new NewCookie.Builder(COOKIE)
                        .value("")
                        .path("/")
                        .maxAge(0)
                        .build())
                .build();
    }
}
