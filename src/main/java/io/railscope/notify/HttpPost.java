package io.railscope.notify;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

/** POSTs JSON and says what went wrong in one line, or null when the receiver took it (2xx). */
final class HttpPost {

    private final HttpClient http;
    private final Duration timeout;

    HttpPost(Duration timeout) {
        this.timeout = timeout;
        this.http = HttpClient.newBuilder().connectTimeout(timeout).build();
    }

    String post(URI url, String json) {
        return post(url, json, null);
    }

    /** With a key the receiver can drop repeats by ({@code Idempotency-Key}), when not null. */
    String post(URI url, String json, String idempotencyKey) {
        try {
            HttpRequest.Builder builder = HttpRequest.newBuilder(url)
                    .timeout(timeout)
                    .header("Content-Type", "application/json")
                    .header("User-Agent", "Railscope");
            if (idempotencyKey != null && !idempotencyKey.isEmpty()) {
                builder.header("Idempotency-Key", idempotencyKey);
            }
            HttpRequest request = builder.POST(HttpRequest.BodyPublishers.ofString(json, StandardCharsets.UTF_8))
                    .build();
            HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString());
            if (response.statusCode() / 100 == 2) {
                return null;
            }
            String body = response.body() == null ? "" : response.body().strip();
            return "HTTP " + response.statusCode()
                    + (body.isEmpty() ? "" : ": " + (body.length() > 200 ? body.substring(0, 200) + "…" : body));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "interrupted";
        } catch (Exception e) {
            String message = e.getMessage();
            return e.getClass().getSimpleName() + (message == null || message.isBlank() ? "" : ": " + message);
        }
    }
}
