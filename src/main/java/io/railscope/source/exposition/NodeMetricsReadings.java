package io.railscope.source.exposition;

import io.railscope.source.NeighborReading;
import io.railscope.source.NodeMetricsSnapshot;
import io.railscope.source.PortAttributeSeries;
import io.railscope.source.PortCounter;
import io.railscope.source.PortPeer;
import io.railscope.source.RailPortReading;
import io.railscope.source.RdmaNetnsReport;
import io.railscope.source.ScrapeTarget;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * Collects node_exporter's InfiniBand samples, the neighbor tables ({@link NeighborSamples}), and the RDMA netns mode
 * textfile metric, into readings per node. Values are untrusted and checked here, where they enter:
 * a state that is no code of its enum reads as {@link RailPortReading#UNKNOWN_STATE}; a counter, rate,
 * entry count or limit that is NaN, infinite, negative or beyond its column is dropped; each is named
 * with its series in {@link #valueProblems()}. Which
 * node a sample belongs to is decided by {@code nodeOf}: the scraped target's node, or labels of a
 * query result. Not thread-safe: one per page, or one per query fed sequentially.
 */
public final class NodeMetricsReadings implements SampleSink {

    private static final Map<String, PortCounter> COUNTERS = new HashMap<>();
    /** 8 Pb/s: beyond any link, so a rate above it is no reading of one. */
    static final double MAX_RATE_BYTES_PER_SECOND = 1e15;

    static {
        for (PortCounter counter : PortCounter.values()) {
            COUNTERS.put(counter.metricName(), counter);
        }
        // node_exporter before 0.16 named the data counters without _total
        COUNTERS.put("node_infiniband_port_data_received_bytes", PortCounter.DATA_RECEIVED_BYTES);
        COUNTERS.put("node_infiniband_port_data_transmitted_bytes", PortCounter.DATA_TRANSMITTED_BYTES);
    }

    private final Function<Labels, String> nodeOf;
    private final Map<String, NodeSamples> nodes = new LinkedHashMap<>();
    private final List<String> malformed = new ArrayList<>();
    private int malformedCount;
    private final ProblemList problems = new ProblemList();
    private final InfinibandLinks links = new InfinibandLinks();
    // samples usually come grouped by node and port: remember the last ones to skip the map lookups
    private String lastNode;
    private NodeSamples lastNodeSamples;
    private PortSamples lastPort;
    private NodeSamples lastPortNode;

    public NodeMetricsReadings(Function<Labels, String> nodeOf) {
        this.nodeOf = nodeOf;
    }

    @Override
    public boolean wants(String metricName) {
        return metricName.startsWith("node_infiniband_")
                || COUNTERS.containsKey(metricName)
                || NeighborSamples.wants(metricName)
                || metricName.equals(RdmaNetnsReport.METRIC)
                || metricName.startsWith(PortAttributeSeries.SCRIPT_PREFIX)
                || InfinibandLinks.wants(metricName);
    }

    @Override
    public void sample(String metricName, Labels labels, double value, long timestampMillis) {
        // the fabric's links come from one exporter for all hosts, not from the node they describe
        if (links.sample(metricName, labels, value)) {
            return;
        }
        String node = nodeOf.apply(labels);
        if (node == null) {
            return;
        }
        NodeSamples data = node.equals(lastNode) ? lastNodeSamples : nodes.computeIfAbsent(node, NodeSamples::new);
        lastNode = node;
        lastNodeSamples = data;
        if (data.neighbors.sample(metricName, labels, value, this::reject)) {
            return;
        }
        if (metricName.equals(RdmaNetnsReport.METRIC)) {
            if (value != 0 && value != 1) {
                reject(metricName, labels, value, "neither 0 nor 1, dropped");
                return;
            }
            data.rdmaNetnsExclusive = (int) value;
            return;
        }
        String device = labels.get("device");
        if (device == null) {
            return;
        }
        if (deviceAttribute(data, metricName, labels, device, value)) {
            return;
        }
        String port = labels.get("port");
        if (port == null) {
            return;
        }
        PortSamples portData =
                lastPort != null && lastPortNode == data && lastPort.device.equals(device) && lastPort.port.equals(port)
                        ? lastPort
                        : data.ports.computeIfAbsent(device + ':' + port, key -> new PortSamples(device, port));
        lastPort = portData;
        lastPortNode = data;
        switch (metricName) {
            case "node_infiniband_state_id" ->
                portData.state = stateCode(metricName, labels, value, RailPortReading.MAX_STATE);
            case "node_infiniband_physical_state_id" ->
                portData.physicalState = stateCode(metricName, labels, value, RailPortReading.MAX_PHYSICAL_STATE);
            case "node_infiniband_rate_bytes_per_second" -> {
                if (value >= 0 && value <= MAX_RATE_BYTES_PER_SECOND) {
                    portData.rate = value;
                } else {
                    reject(metricName, labels, value, "no link rate, dropped");
                }
            }
            case PortAttributeSeries.PORT_INFO -> {
                if (value == 1) {
                    portData.linkLayer = labelValue(metricName, labels, "link_layer");
                }
            }
            case PortAttributeSeries.PORT_LLDP_NEIGHBOR -> {
                if (value == 1) {
                    portData.peer = LldpNeighbor.of(
                            labelValue(metricName, labels, "chassis_id", PortAttributeSeries.MAX_LLDP_LENGTH),
                            labelValue(metricName, labels, "system_name", PortAttributeSeries.MAX_LLDP_LENGTH),
                            labelValue(metricName, labels, "port_id", PortAttributeSeries.MAX_LLDP_LENGTH),
                            labelValue(metricName, labels, "port_description", PortAttributeSeries.MAX_LLDP_LENGTH));
                }
            }
            case PortAttributeSeries.PORT_MTU -> {
                if (value >= PortAttributeSeries.MIN_MTU
                        && value <= PortAttributeSeries.MAX_MTU
                        && value == Math.rint(value)) {
                    portData.mtu = (int) value;
                } else {
                    reject(metricName, labels, value, "no MTU, dropped");
                }
            }
            default -> {
                PortCounter counter = COUNTERS.get(metricName);
                if (counter == null) {
                    return;
                }
                // a counter is a whole number from 0 to what a bigint holds; anything else is no reading of it
                if (value >= 0 && value < 0x1p63) {
                    long previous = portData.counters[counter.ordinal()];
                    portData.counters[counter.ordinal()] =
                            counter.summed() && previous >= 0 ? previous + (long) value : (long) value;
                } else {
                    reject(metricName, labels, value, "no counter value, dropped");
                }
            }
        }
    }

    /** Reads a series about a whole HCA into its node's devices; false when the series is about a port. */
    private boolean deviceAttribute(NodeSamples data, String metricName, Labels labels, String device, double value) {
        switch (metricName) {
            case PortAttributeSeries.HCA_INFO -> {
                if (value == 1) {
                    HcaSamples hca = data.device(device);
                    hca.firmware = labelValue(metricName, labels, "firmware_version");
                    hca.boardId = labelValue(metricName, labels, "board_id");
                }
            }
            case PortAttributeSeries.DEVICE_INFO -> {
                String guid = labelValue(metricName, labels, "node_guid");
                if (value == 1 && guid != null) {
                    data.device(device).nodeGuid = HcaUplinks.guid(guid);
                }
            }
            case PortAttributeSeries.PCIE_WIDTH -> {
                if (value >= 1 && value <= PortAttributeSeries.MAX_PCIE_WIDTH && value == Math.rint(value)) {
                    data.device(device).pcieWidth = (int) value;
                } else {
                    reject(metricName, labels, value, "no PCIe link width, dropped");
                }
            }
            case PortAttributeSeries.PCIE_SPEED -> {
                if (value > 0 && value <= PortAttributeSeries.MAX_PCIE_TRANSFERS_PER_SECOND) {
                    data.device(device).pcieGigatransfers = value / 1e9;
                } else {
                    reject(metricName, labels, value, "no PCIe link speed, dropped");
                }
            }
            default -> {
                return false;
            }
        }
        return true;
    }

    /** A label's value, or null when it is empty or too long to be what it names (said as a problem). */
    private String labelValue(String metricName, Labels labels, String label) {
        return labelValue(metricName, labels, label, PortAttributeSeries.MAX_LABEL_LENGTH);
    }

    private String labelValue(String metricName, Labels labels, String label, int maxLength) {
        String value = labels.get(label);
        if (value == null || value.isEmpty()) {
            return null;
        }
        if (value.length() > maxLength) {
            problems.add(metricName + " of " + labels.get("device") + ": " + label + " longer than " + maxLength
                    + " characters, read as unknown");
            return null;
        }
        return value;
    }

    /** The state code, or {@link RailPortReading#UNKNOWN_STATE} when the value is no code of the enum. */
    private int stateCode(String metricName, Labels labels, double value, int max) {
        if (value >= 0 && value <= max && value == Math.rint(value)) {
            return (int) value;
        }
        reject(metricName, labels, value, "no state code (0-" + max + "), read as unknown");
        return RailPortReading.UNKNOWN_STATE;
    }

    private void reject(String metricName, Labels labels, double value, String what) {
        problems.add(metricName + (labels.size() == 0 ? "" : labels.toString()) + " " + ExpositionValues.text(value)
                + ": " + what);
    }

    /** Gives every port read so far a zero for this counter where it had no sample: the store left zeros out. */
    public void zeroWhereMissing(PortCounter counter) {
        for (NodeSamples node : nodes.values()) {
            for (PortSamples port : node.ports.values()) {
                if (port.counters[counter.ordinal()] < 0) {
                    port.counters[counter.ordinal()] = 0;
                }
            }
        }
    }

    @Override
    public void malformed(int lineNumber, String message) {
        malformedCount++;
        if (malformed.size() < 3) {
            malformed.add("line " + lineNumber + ": " + message);
        }
    }

    /** How many lines were malformed, and the first few of them. */
    public String malformedSummary() {
        return malformedCount == 0 ? null : malformedCount + " malformed line(s), e.g. " + String.join("; ", malformed);
    }

    /** Values that were out of range, each with its series and what became of it (dropped, or read as unknown). */
    public List<String> valueProblems() {
        return problems.list();
    }

    ProblemList problems() {
        return problems;
    }

    public int nodeCount() {
        return nodes.size();
    }

    public NodeMetricsSnapshot snapshot(Instant at, List<ScrapeTarget> targets) {
        List<NeighborReading> neighbors = new ArrayList<>(nodes.size());
        List<RailPortReading> ports = new ArrayList<>(nodes.size() * 8);
        List<PortPeer> peers = new ArrayList<>();
        int netnsReporting = 0;
        List<String> netnsShared = new ArrayList<>();
        for (NodeSamples node : nodes.values()) {
            if (node.rdmaNetnsExclusive >= 0) {
                netnsReporting++;
                if (node.rdmaNetnsExclusive == 0) {
                    netnsShared.add(node.name);
                }
            }
            node.neighbors.addTo(neighbors, node.name);
            node.addPortsTo(ports, peers, problems);
        }
        links.hosts().addPeersTo(peers, nodes, problems);
        return new NodeMetricsSnapshot(
                at,
                neighbors,
                ports,
                targets,
                new RdmaNetnsReport(netnsReporting, netnsShared),
                problems.list(),
                peers,
                links.switches().list());
    }
}
