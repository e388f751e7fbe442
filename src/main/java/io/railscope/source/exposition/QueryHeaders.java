package io.railscope.source.exposition;

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
            headers.put("Authorization", "Bearer " + token);
        }
        return headers;
    }
}
