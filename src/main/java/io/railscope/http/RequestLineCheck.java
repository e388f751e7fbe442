package io.railscope.http;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.vertx.core.http.HttpHeaders;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.ws.rs.core.Response;
import java.io.ByteArrayOutputStream;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.URLDecoder;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.regex.Pattern;

/**
 * Refuses, before any resource sees it, a request whose URI or headers cannot be read: a malformed
 * percent-escape, a NUL or control character, bytes that are not UTF-8, a {@code .} or {@code ..} segment, an
 * overlong URI, a Content-Type that is no media type, a header name or value HTTP does not allow, headers too large
 * ({@link RequestHeaders}). Each answer says which, as the other errors do.
 */
@ApplicationScoped
public class RequestLineCheck {

    /** The longest URI read; the HTTP decoder refuses lines past {@code quarkus.http.limits.max-initial-line-length}. */
    static final int MAX_URI = 8_192;

    private static final Pattern MEDIA_TYPE = Pattern.compile(
            "[!#$%&'*+.^_`|~0-9A-Za-z-]+/[!#$%&'*+.^_`|~0-9A-Za-z-]+(\\s*;\\s*[!#$%&'*+.^_`|~0-9A-Za-z-]+=(\"[^\"]*\"|[!#$%&'*+.^_`|~0-9A-Za-z-]+))*\\s*;?\\s*");

    /** Why a request cannot be read, with the status to answer and the part at fault. */
    record Refusal(Response.Status status, String message, String field) {}

    private final ObjectMapper json;

    public RequestLineCheck(ObjectMapper json) {
        this.json = json;
    }

    void install(@Observes Router router) {
        router.route().order(Integer.MIN_VALUE).handler(this::check);
        // a path the router cannot decode (a '%' without two hex digits) fails the match of the very first route, so
        // no handler or failure handler sees it: only the router's error handler for its status does
        router.errorHandler(Response.Status.BAD_REQUEST.getStatusCode(), context -> explain(context, 400));
        // a route that fails the request with a status alone leaves it to Quarkus' last handler, which answers bare
        router.route().order(Integer.MIN_VALUE).failureHandler(context -> {
            if (context.failure() == null
                    && context.statusCode() >= 400
                    && context.statusCode() < 500
                    && !context.response().ended()) {
                explain(context, context.statusCode());
            } else {
                context.next();
            }
        });
    }

    /** Answers a request the router refused with {@code status}, saying why as far as its URI or headers tell. */
    private void explain(RoutingContext context, int status) {
        if (context.response().ended()) {
            return;
        }
        Refusal refusal = refusal(context);
        Response.Status known = Response.Status.fromStatusCode(status);
        refuse(
                context,
                refusal != null
                        ? refusal
                        : new Refusal(
                                known == null ? Response.Status.BAD_REQUEST : known,
                                "The request line or its headers cannot be read.",
                                null));
    }

    private void check(RoutingContext context) {
        Refusal refusal = refusal(context);
        if (refusal == null) {
            context.next();
            return;
        }
        refuse(context, refusal);
    }

    /** Why the request cannot be read, from its URI, its Content-Type and its other headers; null when it can. */
    private static Refusal refusal(RoutingContext context) {
        Refusal refusal = refusal(context.request().uri(), context.request().getHeader(HttpHeaders.CONTENT_TYPE));
        return refusal != null
                ? refusal
                : RequestHeaders.refusal(context.request().headers());
    }

    private void refuse(RoutingContext context, Refusal refusal) {
        EarlyAnswer.of(context.request().uri(), refusal.status(), refusal.message(), refusal.field(), json)
                .sendTo(context.response());
    }

    /** Why a request with this URI and Content-Type cannot be read, or null when it can. */
    static Refusal refusal(String uri, String contentType) {
        if (uri.length() > MAX_URI) {
            return new Refusal(
                    Response.Status.REQUEST_URI_TOO_LONG, "The URI is longer than " + MAX_URI + " characters.", "uri");
        }
        int queryAt = uri.indexOf('?');
        String path = queryAt < 0 ? uri : uri.substring(0, queryAt);
        String query = queryAt < 0 ? "" : uri.substring(queryAt + 1);
        for (String segment : path.split("/", -1)) {
            String problem = problem(segment, false);
            if (problem == null && namesDots(segment)) {
                problem = "is or holds a '.' or '..' segment, which names no page";
            }
            if (problem != null) {
                return new Refusal(
                        Response.Status.BAD_REQUEST,
                        "The path segment '" + shown(segment) + "' " + problem + ".",
                        "path");
            }
        }
        for (String parameter : query.split("&")) {
            String problem = problem(parameter, true);
            if (problem != null) {
                String name = parameter.contains("=") ? parameter.substring(0, parameter.indexOf('=')) : parameter;
                return new Refusal(
                        Response.Status.BAD_REQUEST,
                        "The query parameter '" + shown(name) + "' " + problem + ".",
                        shown(name));
            }
        }
        try {
            new URI(uri);
        } catch (URISyntaxException e) {
            return new Refusal(
                    Response.Status.BAD_REQUEST,
                    "The URI cannot be read: " + shown(e.getReason()) + " at character " + e.getIndex() + ".",
                    "uri");
        }
        if (contentType != null
                && !contentType.isBlank()
                && !MEDIA_TYPE.matcher(contentType).matches()) {
            return new Refusal(
                    Response.Status.BAD_REQUEST,
                    "The Content-Type '" + shown(contentType) + "' is not a media type such as "
                            + "application/json or text/plain.",
                    "Content-Type");
        }
        return null;
    }

    /** Whether a well-encoded segment, decoded, is {@code .} or {@code ..} or has one between its slashes. */
    private static boolean namesDots(String segment) {
        String decoded = URLDecoder.decode(segment.replace("+", "%2B"), StandardCharsets.UTF_8);
        return Arrays.stream(decoded.split("[/\\\\]", -1)).anyMatch(part -> part.equals(".") || part.equals(".."));
    }

    /** What is wrong with one percent-encoded part, or null. */
    private static String problem(String encoded, boolean plusIsSpace) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        for (int i = 0; i < encoded.length(); i++) {
            char c = encoded.charAt(i);
            if (c == '%') {
                if (i + 2 >= encoded.length()
                        || Character.digit(encoded.charAt(i + 1), 16) < 0
                        || Character.digit(encoded.charAt(i + 2), 16) < 0) {
                    return "has a '%' that is not followed by two hex digits";
                }
                bytes.write(
                        Character.digit(encoded.charAt(i + 1), 16) * 16 + Character.digit(encoded.charAt(i + 2), 16));
                i += 2;
            } else if (c < 0x20 || c == 0x7f) {
                return "has a control character";
            } else if (c > 0x7f) {
                bytes.writeBytes(String.valueOf(c).getBytes(StandardCharsets.UTF_8));
            } else {
                bytes.write(plusIsSpace && c == '+' ? ' ' : c);
            }
        }
        byte[] decoded = bytes.toByteArray();
        for (byte b : decoded) {
            if (b >= 0 && b < 0x20 && b != '\t') {
                return "has an encoded control character or NUL";
            }
        }
        try {
            StandardCharsets.UTF_8
                    .newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(decoded));
        } catch (CharacterCodingException e) {
            return "is not percent-encoded UTF-8";
        }
        return null;
    }

    /** A part of the request as it can be shown: printable, at most 80 characters. */
    static String shown(String text) {
        String printable = text.replaceAll("[^\\x20-\\x7e]", "?");
        return printable.length() > 80 ? printable.substring(0, 80) + "…" : printable;
    }
}
