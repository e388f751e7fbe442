package io.railscope.source.exposition;

import io.railscope.config.HeaderValues;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * What a query API behind authentication wants with every query: fixed headers (Mimir's tenant,
 * {@code X-Scope-OrgID}) and a bearer token read from a file at each collection, so that a rotated token (a projected
 * service-account token) is used as soon as it is rotated.
 */
public record QueryHeaders(Map<String, String> fixed, Optional<Path> bearerTokenFile) {

    public static final QueryHeaders NONE = new QueryHeaders(Map.of(), Optional.empty());

    public QueryHeaders {
        fixed = Map.copyOf(fixed);
    }

    /** The headers of the next query; a token file that cannot be read is named, its content never shown. */
    Map<String, String> current() throws IOException {
        Map<String, String> headers = new LinkedHashMap<>(fixed);
        if (bearerTokenFile.isPresent()) {
            String token;
            try {
                token = Files.readString(bearerTokenFile.get(), StandardCharsets.UTF_8)
                        .trim();
            } catch (IOException e) {
                throw new IOException("the bearer token file " + bearerTokenFile.get() + " (metrics.bearer-token-file)"
                        + " cannot be read: " + e.getClass().getSimpleName());
            }
            if (!HeaderValues.valid(token)) {
                throw new IOException("the bearer token file " + bearerTokenFile.get() + " (metrics.bearer-token-file)"
                        + " holds more than one token: a line break or a control character in it");
            }
            headers.put("Authorization", "Bearer " + token);
        }
        return headers;
    }

    /** What was sent with a refused query, without a value: the token's file and the headers' names. */
    String sent() {
        if (bearerTokenFile.isPresent()) {
            return "with the token of metrics.bearer-token-file " + bearerTokenFile.get()
                    + (fixed.isEmpty() ? "" : " and metrics.headers " + String.join(", ", fixed.keySet()));
        }
        if (!fixed.isEmpty()) {
            return "with metrics.headers " + String.join(", ", fixed.keySet())
                    + " and no token (metrics.bearer-token-file)";
        }
        return "with no credentials (metrics.bearer-token-file, metrics.headers)";
    }
}
