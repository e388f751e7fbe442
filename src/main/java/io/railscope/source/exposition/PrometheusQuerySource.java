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
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads a whole cell's node metrics from a Prometheus-compatible query API (Prometheus, Thanos,
 * Mimir, VictoriaMetrics) with instant queries, one per metric so that no answer carries millions
 * of series, each parsed as a stream. The node of a series is its {@code node} label, else
 * {@code kubernetes_node}, else {@code nodename}, else the host of {@code instance}.
 */
public final class PrometheusQuerySource implements NodeMetricsSource {

    private static final JsonFactory JSON = new JsonFactory();

    private final URI base;
    private final String selector;
    private final String nodeLabel;
    private final HttpClient http;
    private final Duration timeout;
    private final Clock clock;

    /**
     * @param selector  label matchers every query adds, e.g. {@code cluster="gpu-west-1"}; empty for none
     * @param nodeLabel the label that names a series' node
     */
    public PrometheusQuerySource(URI base, String selector, String nodeLabel, Duration timeout, Clock clock) {
        this.base = URI.create(base.toString().replaceAll("/+$", "") + "/");
        this.selector = selector == null ? "" : selector.trim();
        this.nodeLabel = nodeLabel;
        this.timeout = timeout;
        this.clock = clock;
        this.http = HttpClient.newBuilder().connectTimeout(timeout).build();
    }

    /**
     * The queries of one collection, by metric name. Each keeps only the labels the readings use
     * ({@code max by (node, device, port)}), so the answers carry a third of the bytes of raw series.
     */
    Map<String, String> queries() {
        Map<String, String> queries = new LinkedHashMap<>();
        String matchers = selector.isEmpty() ? "" : "{" + selector + "}";
        List<String> portMetrics = new ArrayList<>(List.of("node_infiniband_state_id", "node_infiniband_physical_state_id",
                "node_infiniband_rate_bytes_per_second"));
        for (PortCounter counter : PortCounter.values()) {
            portMetrics.add(counter.metricName());
        }
        for (String metric : portMetrics) {
            queries.put(metric, "max by (" + nodeLabel + ", device, port) (" + metric + matchers + ")");
        }
        queries.put("node_arp_entries", "sum by (" + nodeLabel + ", device) (node_arp_entries" + matchers + ")");
        for (int level = 1; level <= 3; level++) {
            String metric = "node_sysctl_net_ipv4_neigh_default_gc_thresh" + level;
            queries.put(metric, "max by (" + nodeLabel + ") (" + metric + matchers + ")");
        }
        return queries;
    }

    @Override
    public NodeMetricsSnapshot fetchNodeMetrics() throws IOException, InterruptedException {
        Instant at = clock.instant();
        NodeMetricsReadings readings = new NodeMetricsReadings(labels -> nodeOf(labels, nodeLabel));
        for (Map.Entry<String, String> query : queries().entrySet()) {
            HttpRequest request = HttpRequest.newBuilder(base.resolve("api/v1/query?query="
                    + URLEncoder.encode(query.getValue(), StandardCharsets.UTF_8) + "&time=" + at.getEpochSecond())).timeout(timeout).GET().build();
            HttpResponse<InputStream> response = http.send(request, HttpResponse.BodyHandlers.ofInputStream());
            try (InputStream body = response.body()) {
                readVector(body, query.getKey(), query.getValue(), readings);
            }
        }
        return readings.snapshot(at, List.of());
    }

    /**
     * The last String seen for each label: consecutive series of an answer repeat the metric name and,
     * eight rails in a row, the node; comparing characters is cheaper than a new String each time.
     */
    private static final class TextCache {
        private final java.util.Map<String, String> last = new java.util.HashMap<>();

        String text(JsonParser parser, String label) throws IOException {
            char[] chars = parser.getTextCharacters();
            int offset = parser.getTextOffset();
            int length = parser.getTextLength();
            String previous = last.get(label);
            if (previous != null && previous.length() == length) {
                boolean same = true;
                for (int i = length - 1; i >= 0 && same; i--) {
                    same = previous.charAt(i) == chars[offset + i];
                }
                if (same) {
                    return previous;
                }
            }
            String text = new String(chars, offset, length);
            last.put(label, text);
            return text;
        }
    }

    static String nodeOf(Labels labels, String nodeLabel) {
        for (String label : List.of(nodeLabel, "node", "kubernetes_node", "nodename")) {
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

    /**
     * Feeds an instant-query answer ({@code data.result[].metric / value}) to the readings as samples
     * of {@code metric} (aggregations drop the name), or throws the answer's error.
     */
    static void readVector(InputStream body, String metric, String query, NodeMetricsReadings readings) throws IOException {
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
                    case "data" -> data(parser, metric, readings);
                    default -> parser.skipChildren();
                }
            }
        }
        if (!"success".equals(status)) {
            throw new IOException("query " + query + " failed: " + (error == null ? "status " + status : error));
        }
    }

    private static void data(JsonParser parser, String metric, NodeMetricsReadings readings) throws IOException {
        while (parser.nextToken() == JsonToken.FIELD_NAME) {
            String field = parser.currentName();
            parser.nextToken();
            if ("result".equals(field) && parser.currentToken() == JsonToken.START_ARRAY) {
                Labels labels = new Labels();
                TextCache cache = new TextCache();
                while (parser.nextToken() == JsonToken.START_OBJECT) {
                    series(parser, metric, labels, readings, cache);
                }
            } else {
                parser.skipChildren();
            }
        }
    }

    private static void series(JsonParser parser, String metric, Labels labels, NodeMetricsReadings readings, TextCache cache)
            throws IOException {
        labels.clear();
        String name = metric;
        double value = Double.NaN;
        while (parser.nextToken() == JsonToken.FIELD_NAME) {
            String field = parser.currentName();
            parser.nextToken();
            if ("metric".equals(field)) {
                while (parser.nextToken() == JsonToken.FIELD_NAME) {
                    String label = parser.currentName();
                    parser.nextToken();
                    if ("__name__".equals(label)) {
                        name = cache.text(parser, label);
                    } else {
                        labels.add(label, cache.text(parser, label));
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
