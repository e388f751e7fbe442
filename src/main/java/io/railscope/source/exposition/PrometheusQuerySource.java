package io.railscope.source.exposition;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import io.railscope.source.NodeMetricsSnapshot;
import io.railscope.source.NodeMetricsSource;
import io.railscope.source.PortAttributeSeries;
import io.railscope.source.PortCounter;
import io.railscope.source.RdmaNetnsReport;
import io.railscope.source.TransportErrors;
import java.io.IOException;
import java.io.InputStream;
import java.net.HttpURLConnection;
import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

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
    private final Duration timeout;
    private final Clock clock;
    private final QueryHeaders headers;

    /**
     * @param selector  label matchers every query adds, e.g. {@code cluster="gpu-west-1"}; empty for none
     * @param nodeLabel the label that names a series' node
     */
    public PrometheusQuerySource(URI base, String selector, String nodeLabel, Duration timeout, Clock clock) {
        this(base, selector, nodeLabel, timeout, clock, QueryHeaders.NONE);
    }

    public PrometheusQuerySource(
            URI base, String selector, String nodeLabel, Duration timeout, Clock clock, QueryHeaders headers) {
        this.headers = headers;
        this.base = URI.create(base.toString().replaceAll("/+$", "") + "/");
        this.selector = selector == null ? "" : selector.trim();
        this.nodeLabel = nodeLabel;
        this.timeout = timeout;
        this.clock = clock;
    }

    /**
     * The queries of one collection, by metric name. Each keeps only the labels the readings use
     * ({@code max by (node, device, port)}), so the answers carry a third of the bytes of raw series;
     * error counters are asked for where they are not zero, so a healthy fleet's zeros do not travel.
     */
    Map<String, String> queries() {
        Map<String, String> queries = new LinkedHashMap<>();
        for (String metric : List.of(
                "node_infiniband_state_id",
                "node_infiniband_physical_state_id",
                "node_infiniband_rate_bytes_per_second")) {
            queries.put(metric, perPort(metric));
        }
        for (PortCounter counter : PortCounter.values()) {
            queries.put(
                    counter.metricName(),
                    (counter.summed()
                                    ? "sum by (" + nodeLabel + ", device, port) (" + counter.metricName() + matchers()
                                            + ")"
                                    : perPort(counter.metricName()))
                            + (counter.isError() ? " > 0" : ""));
        }
        queries.put("node_arp_entries", "sum by (" + nodeLabel + ", device) (node_arp_entries" + matchers() + ")");
        queries.put(
                NeighborSamples.NDISC_ENTRIES,
                "sum by (" + nodeLabel + ", device) (" + NeighborSamples.NDISC_ENTRIES + matchers() + ")");
        queries.put(
                NeighborSamples.LNSTAT_ENTRIES,
                "max by (" + nodeLabel + ", subsystem) (" + NeighborSamples.LNSTAT_ENTRIES
                        + matchers("subsystem=\"ndisc_cache\"") + ")");
        for (String family : List.of("ipv4", "ipv6")) {
            for (int level = 1; level <= 3; level++) {
                String metric = "node_sysctl_net_" + family + "_neigh_default_gc_thresh" + level;
                queries.put(metric, "max by (" + nodeLabel + ") (" + metric + matchers() + ")");
            }
        }
        queries.put(RdmaNetnsReport.METRIC, "min by (" + nodeLabel + ") (" + RdmaNetnsReport.METRIC + matchers() + ")");
        queries.put(
                PortAttributeSeries.HCA_INFO,
                "max by (" + nodeLabel + ", device, firmware_version, board_id) (" + PortAttributeSeries.HCA_INFO
                        + matchers() + ")");
        queries.put(
                PortAttributeSeries.PORT_INFO,
                "max by (" + nodeLabel + ", device, port, link_layer) (" + PortAttributeSeries.PORT_INFO + matchers()
                        + ")");
        queries.put(PortAttributeSeries.PORT_MTU, perPort(PortAttributeSeries.PORT_MTU));
        for (String metric : List.of(PortAttributeSeries.PCIE_WIDTH, PortAttributeSeries.PCIE_SPEED)) {
            queries.put(metric, "max by (" + nodeLabel + ", device) (" + metric + matchers() + ")");
        }
        return queries;
    }

    /** Which error counters the cell's exporters have at all: where they have one, a port without a sample has zero. */
    String exportedErrorCountersQuery() {
        String names = Arrays.stream(PortCounter.values())
                .filter(PortCounter::isError)
                .map(PortCounter::metricName)
                .collect(Collectors.joining("|"));
        return "count by (__name__) ({__name__=~\"" + names + "\"" + (selector.isEmpty() ? "" : "," + selector) + "})";
    }

    private String perPort(String metric) {
        return "max by (" + nodeLabel + ", device, port) (" + metric + matchers() + ")";
    }

    private String matchers() {
        return selector.isEmpty() ? "" : "{" + selector + "}";
    }

    private String matchers(String own) {
        return "{" + own + (selector.isEmpty() ? "" : "," + selector) + "}";
    }

    /**
     * The cell's node metrics; a failure names the query API (never credentials in its URL) and says why in a user's
     * words.
     */
    @Override
    public NodeMetricsSnapshot fetchNodeMetrics() throws IOException, InterruptedException {
        try {
            return read(headers.current());
        } catch (IOException e) {
            throw new IOException(
                    "Prometheus query API " + TransportErrors.shown(base) + ": "
                            + TransportErrors.cause(e).orElse(TransportErrors.firstLine(e.getMessage())),
                    e);
        }
    }

    private NodeMetricsSnapshot read(Map<String, String> headers) throws IOException, InterruptedException {
        Instant at = clock.instant();
        Set<String> exportedErrorCounters = new HashSet<>();
        String countQuery = exportedErrorCountersQuery();
        query(
                countQuery,
                at,
                headers,
                body -> readVector(body, null, countQuery, new SampleSink() {
                    @Override
                    public boolean wants(String metricName) {
                        return true;
                    }

                    @Override
                    public void sample(String metricName, Labels labels, double value, long timestampMillis) {
                        exportedErrorCounters.add(metricName);
                    }

                    @Override
                    public void malformed(int lineNumber, String message) {
                        // an answer is JSON: it has no lines
                    }
                }));
        NodeMetricsReadings readings = new NodeMetricsReadings(labels -> nodeOf(labels, nodeLabel));
        for (Map.Entry<String, String> query : queries().entrySet()) {
            query(query.getValue(), at, headers, body -> readVector(body, query.getKey(), query.getValue(), readings));
        }
        for (PortCounter counter : PortCounter.values()) {
            if (exportedErrorCounters.contains(counter.metricName())) {
                readings.zeroWhereMissing(counter);
            }
        }
        return readings.snapshot(at, List.of());
    }

    private interface AnswerReader {
        void read(InputStream body) throws IOException;
    }

    /**
     * One instant query. A blocking connection reads large answers at several times the speed of
     * {@code java.net.http.HttpClient} on few cores; it does not answer interrupts, so every read has
     * the source's timeout and an interrupted fetch stops before its next query.
     */
    private void query(String query, Instant at, Map<String, String> headers, AnswerReader reader)
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

    /**
     * The last String seen for each label: consecutive series of an answer repeat the metric name and,
     * eight rails in a row, the node; comparing characters is cheaper than a new String each time.
     */
    private static final class TextCache {
        private final Map<String, String> last = new HashMap<>();

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

    /** The sample value, a string in the answer; counters are whole numbers, read without a String. */
    private static double value(JsonParser parser) throws IOException {
        if (parser.currentToken() != JsonToken.VALUE_STRING) {
            return Double.NaN;
        }
        char[] chars = parser.getTextCharacters();
        int offset = parser.getTextOffset();
        int length = parser.getTextLength();
        if (length > 0 && length <= 15) {
            long whole = 0;
            int i = 0;
            while (i < length && chars[offset + i] >= '0' && chars[offset + i] <= '9') {
                whole = whole * 10 + chars[offset + i] - '0';
                i++;
            }
            if (i == length) {
                return whole;
            }
        }
        return ExpositionParser.number(new String(chars, offset, length));
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
    static void readVector(InputStream body, String metric, String query, SampleSink readings) throws IOException {
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

    private static void data(JsonParser parser, String metric, SampleSink readings) throws IOException {
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

    private static void series(JsonParser parser, String metric, Labels labels, SampleSink readings, TextCache cache)
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
                value = value(parser);
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
