package io.railscope.http;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.quarkus.runtime.configuration.MemorySize;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.ws.rs.core.Response;
import java.time.Duration;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * A body declared larger than {@code quarkus.http.limits.max-body-size} is answered 413 with a message once the client
 * has sent it. Until then the body is read and thrown away, at most {@link #DISCARDED_AT_MOST} bytes for at most
 * {@link #DISCARDING_AT_MOST}: a connection closed on bytes it has not read is reset, and a client still sending would
 * see a broken pipe instead of the answer. Past either bound the answer goes out at once and the connection closes.
 */
@ApplicationScoped
public class OversizedBodies {

    static final long DISCARDED_AT_MOST = 64L * 1024 * 1024;
    static final Duration DISCARDING_AT_MOST = Duration.ofSeconds(60);

    private final long maxBodySize;
    private final ObjectMapper json;

    public OversizedBodies(
            @ConfigProperty(name = "quarkus.http.limits.max-body-size") MemorySize maxBodySize, ObjectMapper json) {
        this.maxBodySize = maxBodySize.asLongValue();
        this.json = json;
    }

    // before Quarkus' own check of the declared length, which answers bare and closes on the unread body
    void install(@Observes Router router) {
        router.route().order(Integer.MIN_VALUE).handler(this::check);
    }

    private void check(RoutingContext context) {
        HttpServerRequest request = context.request();
        long declared = declaredLength(request);
        if (declared <= maxBodySize) {
            context.next();
            return;
        }
        EarlyAnswer answer = EarlyAnswer.of(
                request.uri(),
                Response.Status.REQUEST_ENTITY_TOO_LARGE,
                "The body is " + declared + " bytes, more than the " + maxBodySize
                        + " Railscope reads (quarkus.http.limits.max-body-size).",
                "body",
                json);
        boolean sent = "100-continue".equalsIgnoreCase(request.getHeader(HttpHeaders.EXPECT));
        if (sent || declared > DISCARDED_AT_MOST) {
            answerAndClose(context, answer);
            return;
        }
        long deadline = context.vertx().setTimer(DISCARDING_AT_MOST.toMillis(), id -> answerAndClose(context, answer));
        request.handler(discarded -> {});
        request.exceptionHandler(failure -> context.vertx().cancelTimer(deadline));
        request.endHandler(end -> {
            if (context.vertx().cancelTimer(deadline)) {
                answer.sendTo(context.response());
            }
        });
        request.resume();
    }

    private static void answerAndClose(RoutingContext context, EarlyAnswer answer) {
        if (context.response().ended() || context.response().closed()) {
            return;
        }
        context.response()
                .putHeader(HttpHeaders.CONNECTION, HttpHeaders.CLOSE)
                .endHandler(end -> context.request().connection().close());
        answer.sendTo(context.response());
    }

    private static long declaredLength(HttpServerRequest request) {
        String length = request.getHeader(HttpHeaders.CONTENT_LENGTH);
        try {
            return length == null ? -1 : Long.parseLong(length.strip());
        } catch (NumberFormatException e) {
            // the HTTP decoder refuses a request whose length is no number before it gets here
            return -1;
        }
    }
}
