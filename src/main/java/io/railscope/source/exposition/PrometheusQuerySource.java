package io.railscope.source.exposition;

import io.railscope.source.NodeMetricsSnapshot;
import io.railscope.source.NodeMetricsSource;
import io.railscope.source.PortAttributeSeries;
import io.railscope.source.PortCounter;
import io.railscope.source.RdmaNetnsReport;
import io.railscope.source.TransportErrors;
import java.io.IOException;
import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
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

    private final URI base;
    private final String selector;
    private final String nodeLabel;
    private final Clock clock;
    private final QueryHeaders headers;
    private final QueryApiClient client;

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
        this.clock = clock;
        this.client = new QueryApiClient(this.base, timeout, headers);
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
        queries.put(
                PortAttributeSeries.DEVICE_INFO,
                "max by (" + nodeLabel + ", device, node_guid) (" + PortAttributeSeries.DEVICE_INFO + matchers() + ")");
        queries.put(
                PortAttributeSeries.INFINIBAND_HCA_UPLINK,
                "max by (guid, port, hca, uplink, uplink_guid, uplink_type, uplink_port) ("
                        + PortAttributeSeries.INFINIBAND_HCA_UPLINK + matchers() + ")");
        queries.put(
                PortAttributeSeries.INFINIBAND_SWITCH_UPLINK,
                "max by (switch, port, uplink, uplink_type, uplink_port) ("
                        + PortAttributeSeries.INFINIBAND_SWITCH_UPLINK + matchers("uplink_type=\"SW\"") + ")");
        // every port row of guilbaults' exporter, whichever of its counters ibqueryerrors reported for it
        queries.put(
                PortAttributeSeries.GUILBAULTS_LINKS,
                "group by (local_name, local_guid, local_port, remote_name, remote_guid, remote_port, component) ("
                        + matchers("__name__=~\"infiniband_[a-z]+_total\",component=\"switch\"") + ")");
        queries.put(
                PortAttributeSeries.PORT_LLDP_NEIGHBOR,
                "max by (" + nodeLabel + ", device, port, chassis_id, system_name, port_id, port_description) ("
                        + PortAttributeSeries.PORT_LLDP_NEIGHBOR + matchers() + ")");
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
        client.query(
                countQuery,
                at,
                headers,
                body -> VectorAnswer.read(body, null, countQuery, new SampleSink() {
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
            client.query(
                    query.getValue(),
                    at,
                    headers,
                    body -> VectorAnswer.read(body, query.getKey(), query.getValue(), readings));
        }
        for (PortCounter counter : PortCounter.values()) {
            if (exportedErrorCounters.contains(counter.metricName())) {
                readings.zeroWhereMissing(counter);
            }
        }
        return readings.snapshot(at, List.of());
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
}
