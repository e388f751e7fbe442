package io.railscope.source.exposition;

import io.railscope.source.TransportErrors;
import java.io.IOException;
import java.io.InputStream;
import java.net.HttpURLConnection;
import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;

/**
 * The HTTP side of a Prometheus-compatible query API: one instant query per call, its answer handed to a reader
 * as a stream; a refusal (401, 403) or an error status is said with the query.
 */
final class QueryApiClient {

    /** Reads the body of an answer. */
    interface AnswerReader {
        void read(InputStream body) throws IOException;
    }

    private final URI base;
    private final Duration timeout;
    private final QueryHeaders headers;

    /** @param base the API's root, ending in a slash */
    QueryApiClient(URI base, Duration timeout, QueryHeaders headers) {
        this.base = base;
        this.timeout = timeout;
        this.headers = headers;
    }

    /**
     * One instant query. A blocking connection reads large answers at several times the speed of
     * {@code java.net.http.HttpClient} on few cores; it does not answer interrupts, so every read has
     * the source's timeout and an interrupted fetch stops before its next query.
     */
    void query(String query, Instant at, Map<String, String> headers, AnswerReader reader)
            throws IOException, InterruptedException {
        if (Thread.interrupted()) {
            throw new InterruptedException();
        }
        HttpURLConnection connection = (HttpURLConnection) base.resolve("api/v1/query?query="
                        + URLEncoder.encode(query, StandardCharsets.UTF_8) + "&time=" + at.getEpochSecond())
                .toURL()
                .openConnection();
        connection.setConnectTimeout((int) timeout.toMillis());
        connection.setReadTimeout((int) timeout.toMillis());
        connection.setRequestProperty("Accept", "application/json");
        // values are checked by QueryHeaders and at start-up: a refusal here would repeat the value in its message
        headers.forEach(connection::setRequestProperty);
        int status = connection.getResponseCode();
        if (status == 401 || status == 403) {
            throw new IOException(refused(status, connection.getErrorStream()));
        }
        try (InputStream body = status < 400 ? connection.getInputStream() : connection.getErrorStream()) {
            if (body == null) {
                throw new IOException("query " + query + ": HTTP " + status);
            }
            reader.read(body);
        } catch (IOException e) {
            throw status < 400 || String.valueOf(e.getMessage()).startsWith("query ")
                    ? e
                    : new IOException("query " + query + ": HTTP " + status, e);
        }
    }

    /** A 401 or 403 in words: what the query API said, and what Railscope sent it. */
    private String refused(int status, InputStream body) throws IOException {
        String said = "";
        if (body != null) {
            try (body) {
                said = TransportErrors.firstLine(new String(body.readNBytes(300), StandardCharsets.UTF_8))
                        .strip();
            }
        }
        String sent = headers.sent();
        return (status == 401 ? "401 Unauthorized: " : "403 Forbidden: ") + "the query API refused the request " + sent
                + (said.isEmpty() ? "" : "; it said: " + said);
    }
}
