package io.railscope.http;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpServerResponse;
import jakarta.ws.rs.core.Response;

/**
 * A refusal answered on the router, before any resource runs, in the same words and format as {@link RequestErrors}:
 * JSON for a URI under {@code /api/}, a page otherwise.
 */
record EarlyAnswer(int status, String contentType, String body) {

    static EarlyAnswer of(String uri, Response.StatusType status, String message, String field, ObjectMapper json) {
        Response answer = RequestErrors.answer(uri.startsWith("/api/") ? "/api/" : "/", status, message, field);
        String body;
        try {
            body = answer.getEntity() instanceof String page ? page : json.writeValueAsString(answer.getEntity());
        } catch (JsonProcessingException e) {
            body = message;
        }
        return new EarlyAnswer(status.getStatusCode(), answer.getMediaType().toString(), body);
    }

    void sendTo(HttpServerResponse response) {
        response.setStatusCode(status)
                .putHeader(HttpHeaders.CONTENT_TYPE, contentType)
                .end(body);
    }
}
