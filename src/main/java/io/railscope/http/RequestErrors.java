package io.railscope.http;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import io.quarkus.qute.CheckedTemplate;
import io.quarkus.qute.TemplateInstance;
import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerResponseContext;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.lang.annotation.Annotation;
import java.util.HexFormat;
import java.util.concurrent.ThreadLocalRandom;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.jboss.logging.Logger;
import org.jboss.resteasy.reactive.server.ServerExceptionMapper;
import org.jboss.resteasy.reactive.server.ServerResponseFilter;

/**
 * Every failed request says what was wrong: the API ({@code /api/}) as {@link ErrorBody} JSON, the pages as an escaped
 * page. Anything unexpected is a 500 whose id is logged with the stack trace; the answer carries the id, never the trace.
 * A database that cannot be reached is a 503 that says since when.
 */
public class RequestErrors {

    private static final Logger LOG = Logger.getLogger(RequestErrors.class);
    private static final Pattern FIELD_FIRST = Pattern.compile("^([A-Za-z][A-Za-z0-9_.\\[\\]]*): .+");

    @CheckedTemplate
    static class Templates {
        static native TemplateInstance error(int status, String reason, String message);
    }

    private final DatabaseAvailability database;

    public RequestErrors(DatabaseAvailability database) {
        this.database = database;
    }

    /** The answer to a failed request to {@code path}: JSON for the API, a page otherwise. */
    public static Response answer(String path, Response.StatusType status, String message, String field) {
        if (path != null && path.startsWith("/api/")) {
            return Response.status(status)
                    .type(MediaType.APPLICATION_JSON)
                    .entity(new ErrorBody(message, field))
                    .build();
        }
        return Response.status(status)
                .type(MediaType.TEXT_HTML_TYPE.withCharset("UTF-8"))
                .entity(Templates.error(status.getStatusCode(), status.getReasonPhrase(), message)
                        .render())
                .build();
    }

    /** A 400 for {@code request} whose message may start with the field it is about ({@code "field: why"}). */
    public static Response badRequest(String message, ContainerRequestContext request) {
        Matcher field = FIELD_FIRST.matcher(message);
        return answer(path(request), Response.Status.BAD_REQUEST, message, field.matches() ? field.group(1) : null);
    }

    @ServerExceptionMapper
    public Response invalidParameter(InvalidParameterException e, ContainerRequestContext request) {
        return answer(path(request), Response.Status.BAD_REQUEST, e.getMessage(), e.field());
    }

    @ServerExceptionMapper
    public Response mismatchedJson(MismatchedInputException e, ContainerRequestContext request) {
        return json(e, request);
    }

    @ServerExceptionMapper
    public Response invalidJson(JsonProcessingException e, ContainerRequestContext request) {
        return json(e, request);
    }

    @ServerExceptionMapper
    public Response refused(WebApplicationException e, ContainerRequestContext request) {
        Response response = e.getResponse();
        if (response.hasEntity()) {
            return response;
        }
        Response.StatusType status = response.getStatusInfo();
        if (status.getStatusCode() >= 500) {
            return unexpected(e, request);
        }
        String message = e.getMessage();
        if (message == null || message.isBlank() || message.startsWith("HTTP " + status.getStatusCode())) {
            message = explain(status.getStatusCode(), request);
        }
        Response answer = answer(path(request), status, message, null);
        if (response.getHeaderString(HttpHeaders.ALLOW) != null) {
            return Response.fromResponse(answer)
                    .header(HttpHeaders.ALLOW, response.getHeaderString(HttpHeaders.ALLOW))
                    .build();
        }
        return answer;
    }

    @ServerExceptionMapper
    public Response unexpected(Throwable e, ContainerRequestContext request) {
        if (DatabaseAvailability.isConnectionFailure(e)) {
            var outage = database.failed(e);
            return Response.fromResponse(
                            answer(path(request), Response.Status.SERVICE_UNAVAILABLE, outage.message(), null))
                    .header("Retry-After", "2")
                    .build();
        }
        if (e instanceof IllegalArgumentException
                && String.valueOf(e.getMessage()).startsWith("Failed to decode")) {
            // the framework reads form bodies (and form-typed bodies of any method) before a resource can refuse them
            return answer(
                    path(request), Response.Status.BAD_REQUEST, "The form body is not URL-encoded UTF-8.", "body");
        }
        String id = HexFormat.of().toHexDigits(ThreadLocalRandom.current().nextInt());
        LOG.errorf(e, "%s %s failed unexpectedly (error %s)", request.getMethod(), path(request), id);
        return answer(
                path(request),
                Response.Status.INTERNAL_SERVER_ERROR,
                "Railscope failed to answer: error " + id + " in its log says why.",
                null);
    }

    /** A 4xx or 5xx that left without a body (refused by a filter before any resource ran) gets one that says why. */
    @ServerResponseFilter
    public void explainBareErrors(ContainerRequestContext request, ContainerResponseContext response) {
        if (response.getStatus() >= 400 && !response.hasEntity()) {
            Response answer =
                    answer(path(request), response.getStatusInfo(), explain(response.getStatus(), request), null);
            response.setEntity(answer.getEntity(), new Annotation[0], answer.getMediaType());
        }
    }

    private static Response json(JsonProcessingException e, ContainerRequestContext request) {
        String field = null;
        if (e instanceof JsonMappingException mapping && !mapping.getPath().isEmpty()) {
            field = mapping.getPath().stream()
                    .map(reference -> reference.getFieldName() != null
                            ? "." + reference.getFieldName()
                            : "[" + reference.getIndex() + "]")
                    .collect(Collectors.joining())
                    .replaceFirst("^\\.", "");
        }
        String what = e instanceof MismatchedInputException || e instanceof JsonMappingException
                ? "has the wrong type or format"
                : "is not valid JSON";
        String message = (field == null ? "the body " + what : field + " " + what) + ": "
                + e.getOriginalMessage().lines().findFirst().orElse("");
        return answer(path(request), Response.Status.BAD_REQUEST, message, field == null ? "body" : field);
    }

    private static String explain(int status, ContainerRequestContext request) {
        return switch (status) {
            case 400 -> "The request could not be read: check its parameters, body and content type.";
            case 401 -> "Sign in first.";
            case 403 -> "This needs more rights than the request carries.";
            case 404 -> "Nothing here: " + path(request) + " names no page, cell or object Railscope knows.";
            case 405 -> request.getMethod() + " is not accepted here.";
            case 406 ->
                "No answer in the types the Accept header asks for; ask for application/json (API) or text/html (pages).";
            case 413 -> "The body is too large.";
            case 415 ->
                "The content type " + request.getHeaderString(HttpHeaders.CONTENT_TYPE) + " is not accepted here.";
            default -> "The request was refused (HTTP " + status + ").";
        };
    }

    private static String path(ContainerRequestContext request) {
        return request.getUriInfo().getPath();
    }
}
