package io.railscope.source.exposition;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import io.railscope.source.NodeMetricsSnapshot;
import io.railscope.source.NodeMetricsSource;
import io.railscope.source.PortCounter;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads a whole cell's node metrics from a Prometheus-compatible query API (Prometheus, Thanos,
 * Mimir, VictoriaMetrics) with instant queries, one per metric so that no answer carries millions
 * of series, each parsed as a stream. The node of a series is its {@code node} label, else
 * {@code kubernetes_node}, else {@code nodename}, else the host of {@code instance}.
 */
public final class PrometheusQuerySource implements NodeMetricsSource {

    private static final JsonFactory JSON = new JsonFactory();
    /** The labels the readings use; the values of others (job, cluster, …) are not even read into Strings. */
    private static final java.util.Set<String> USED_LABELS =
            java.util.Set.of("device", "port", "node", "kubernetes_node", "nodename", "instance");

    private final URI base;
    private final String selector;
    private final HttpClient http;
    private final Duration timeout;
    private final Clock clock;

    /** @param selector label matchers every query adds, e.g. {@code cluster="gpu-west-1"}; empty for none */
    public PrometheusQuerySource(URI base, String selector, Duration timeout, Clock clock) {
        this.base = URI.create(base.toString().replaceAll("/+$", "") + "/");
        this.selector = selector == null ? "" : selector.trim();
        this.timeout = timeout;
        this.clock = clock;
        this.http = HttpClient.newBuilder().connectTimeout(timeout).build();
    }

    /** The queries of one collection. */
    List<String> queries() {
        List<String> metrics = new ArrayList<>(List.of("node_infiniband_state_id", "node_infiniband_physical_state_id",
                "node_infiniband_rate_bytes_per_second", "node_arp_entries", "node_sysctl_net_ipv4_neigh_default_gc_thresh1",
                "node_sysctl_net_ipv4_neigh_default_gc_thresh2", "node_sysctl_net_ipv4_neigh_default_gc_thresh3"));
        for (PortCounter counter : PortCounter.values()) {
            metrics.add(counter.metricName());
        }
        return metrics.stream().map(metric -> selector.isEmpty() ? metric : metric + "{" + selector + "}").toList();
    }

    @Override
    public NodeMetricsSnapshot fetchNodeMetrics() throws IOException, InterruptedException {
        Instant at = clock.instant();
        NodeMetricsReadings readings = new NodeMetricsReadings(PrometheusQuerySource::nodeOf);
        for (String query : queries()) {
            HttpRequest request = HttpRequest.newBuilder(base.resolve("api/v1/query?query=" + URLEncoder.encode(query, StandardCharsets.UTF_8)
                    + "&time=" + at.getEpochSecond())).timeout(timeout).GET().build();
            HttpResponse<InputStream> response = http.send(request, HttpResponse.BodyHandlers.ofInputStream());
            try (InputStream body = response.body()) {
                readVector(body, query, readings);
            }
        }
        return readings.snapshot(at, List.of());
    }

    static String nodeOf(Labels labels) {
        for (String label : List.of("node", "kubernetes_node", "nodename")) {
            String node = labels.get(label);
            if (node != null && !node.isEmpty()) {
                return node;
            }
        }
        String instance = labels.get("instance");
        if (instance == null) {
            return null;
        }
        int colon = instance.lastIndexOf(':');
        return colon > 0 && instance.indexOf(']') < colon ? instance.substring(0, colon) : instance;
    }

    /** Feeds an instant-query answer ({@code data.result[].metric / value}) to the readings, or throws its error. */
    static void readVector(InputStream body, String query, NodeMetricsReadings readings) throws IOException {
        String status = null;
        String error = null;
        try (JsonParser parser = JSON.createParser(body)) {
            if (parser.nextToken() != JsonToken.START_OBJECT) {
                throw new IOException("query " + query + ": the answer is not a JSON object");
            }
            while (parser.nextToken() == JsonToken.FIELD_NAME) {
                String field = parser.currentName();
                parser.nextToken();
                switch (field) {
                    case "status" -> status = parser.getValueAsString();
                    case "error" -> error = parser.getValueAsString();
                    case "data" -> data(parser, readings);
                    default -> parser.skipChildren();
                }
            }
        }
        if (!"success".equals(status)) {
            throw new IOException("query " + query + " failed: " + (error == null ? "status " + status : error));
        }
    }

    private static void data(JsonParser parser, NodeMetricsReadings readings) throws IOException {
        while (parser.nextToken() == JsonToken.FIELD_NAME) {
            String field = parser.currentName();
            parser.nextToken();
            if ("result".equals(field) && parser.currentToken() == JsonToken.START_ARRAY) {
                Labels labels = new Labels();
                while (parser.nextToken() == JsonToken.START_OBJECT) {
                    series(parser, labels, readings);
                }
            } else {
                parser.skipChildren();
            }
        }
    }

    private static void series(JsonParser parser, Labels labels, NodeMetricsReadings readings) throws IOException {
        labels.clear();
        String name = null;
        double value = Double.NaN;
        while (parser.nextToken() == JsonToken.FIELD_NAME) {
            String field = parser.currentName();
            parser.nextToken();
            if ("metric".equals(field)) {
                while (parser.nextToken() == JsonToken.FIELD_NAME) {
                    String label = parser.currentName();
                    parser.nextToken();
                    if ("__name__".equals(label)) {
                        name = parser.getValueAsString();
                    } else if (USED_LABELS.contains(label)) {
                        labels.add(label, parser.getValueAsString());
                    }
                }
            } else if ("value".equals(field) && parser.currentToken() == JsonToken.START_ARRAY) {
                parser.nextToken();
                parser.nextToken();
                value = ExpositionParser.number(parser.getValueAsString() == null ? "NaN" : parser.getValueAsString());
                parser.nextToken();
            } else {
                parser.skipChildren();
            }
        }
        if (name != null && readings.wants(name)) {
            readings.sample(name, labels, value, Long.MIN_VALUE);
        }
    }

}
