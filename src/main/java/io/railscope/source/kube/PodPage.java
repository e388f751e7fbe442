package io.railscope.source.kube;

import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.http.HttpClient;
import io.fabric8.kubernetes.client.http.HttpRequest;
import io.fabric8.kubernetes.client.http.HttpResponse;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * One page of the Pod list, requested when created and awaited by {@link #body()}. A connection
 * the server closed under a reused request is tried again, twice at most.
 */
final class PodPage {

    private static final int ATTEMPTS = 3;

    private final HttpClient http;
    private final HttpRequest request;
    private final long timeoutMillis;
    private CompletableFuture<HttpResponse<byte[]>> response;

    PodPage(HttpClient http, String base, String continueToken, long timeoutMillis) {
        this.http = http;
        this.timeoutMillis = timeoutMillis;
        String url = continueToken == null
                ? base
                : base + "&continue=" + URLEncoder.encode(continueToken, StandardCharsets.UTF_8);
        this.request = http.newHttpRequestBuilder()
                .uri(url)
                .timeout(timeoutMillis, TimeUnit.MILLISECONDS)
                .build();
        this.response = http.sendAsync(request, byte[].class);
    }

    byte[] body() {
        for (int attempt = 1; ; attempt++) {
            try {
                HttpResponse<byte[]> page = response.get(timeoutMillis, TimeUnit.MILLISECONDS);
                if (!page.isSuccessful()) {
                    throw new KubernetesClientException("listing pods: HTTP " + page.code(), page.code(), null);
                }
                return page.body();
            } catch (InterruptedException e) {
                response.cancel(true);
                Thread.currentThread().interrupt();
                throw new KubernetesClientException("listing pods interrupted", e);
            } catch (ExecutionException e) {
                if (attempt == ATTEMPTS) {
                    throw new KubernetesClientException(
                            "listing pods: " + e.getCause().getMessage(), e.getCause());
                }
                response = http.sendAsync(request, byte[].class);
            } catch (TimeoutException e) {
                response.cancel(true);
                throw new KubernetesClientException("listing pods: no answer within " + timeoutMillis + " ms", e);
            }
        }
    }
}
