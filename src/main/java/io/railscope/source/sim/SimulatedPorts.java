package io.railscope.source.sim;

import io.railscope.model.Fault;
import io.railscope.source.NeighborReading;
import io.railscope.source.NodeMetricsSnapshot;
import io.railscope.source.PortAttributeSeries;
import io.railscope.source.PortCounter;
import io.railscope.source.RdmaNetnsReport;
import io.railscope.source.exposition.Labels;
import io.railscope.source.exposition.NodeMetricsReadings;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Rail port counters and neighbor tables of a simulated cell. Counters advance with the time
 * elapsed since the previous fetch, at a load that follows a per-node daily-ish cycle; they are
 * reported under node_exporter's metric names.
 */
final class SimulatedPorts {

    private static final int STATE_ACTIVE = 4;
    private static final int STATE_DOWN = 1;
    private static final int PHYS_LINK_UP = 5;
    private static final int PHYS_POLLING = 2;
    /** A marginal cable or transceiver: ten symbol errors a second. */
    private static final double SYMBOL_ERRORS_PER_HOUR_FAULTY = 36_000;
    /** Share of time a port waits to transmit at full load. */
    private static final double WAIT_AT_FULL_LOAD = 0.01;

    private static final int BYTES_PER_TICK = 8;
    static final int RAIL_DOWN = 1;
    private static final int RAIL_FLAPPING = 2;
    static final int RAIL_HALF_RATE = 3;
    private static final int SYMBOL_ERRORS = 4;
    private static final int ROCE_CONGESTION = 13;
    private static final int LEAF_DOWN = 17;
    private static final int LEAF_PFC_STORM = 19;
    private static final int SPINE_UPLINK_CONGESTED = 30;
    private static final int FLAKY_CABLE = 31;
    /** How often the flaky cable's link goes down and up. */
    private static final double FLAKY_CABLE_FLAP_SECONDS = 120;

    static final int FIRMWARE_MISMATCH = 7;

    /** A ConnectX-7's firmware and board id as node_infiniband_info reports them, and the one a rail was updated to. */
    static final String FIRMWARE = "28.39.1002";

    static final String OTHER_FIRMWARE = "28.40.1000";
    private static final String BOARD_ID = "MT_0000000838";
    private static final String HCA_TYPE = "MT4129";
    /** RoCE rails: an Ethernet link layer on a jumbo-frame netdev; a Gen5 x16 PCIe link (32 GT/s). */
    private static final int NETDEV_MTU = 9000;

    private static final int PCIE_WIDTH = 16;
    private static final double PCIE_TRANSFERS_PER_SECOND = 32e9;

    private final SimulatedTopology topology;
    private final SimulatedCabling cabling;
    private final double expectedBytesPerSecond;
    private final long[][] counters;
    private Instant last;
    // the flaky cable goes down and up at the first collection it is seen in, then every two minutes
    private double flakySeconds = FLAKY_CABLE_FLAP_SECONDS;

    SimulatedPorts(SimulatedTopology topology, double expectedBytesPerSecond, Instant start) {
        this.topology = topology;
        this.cabling = new SimulatedCabling(topology);
        this.expectedBytesPerSecond = expectedBytesPerSecond;
        this.counters = new long[topology.nodes * topology.rails()][PortCounter.count()];
        this.last = start;
    }

    /**
     * Advances the counters to {@code now} and reports them as node_exporter's metrics, by name and
     * labels, through the same mapping that reads scraped pages and query results.
     */
    synchronized NodeMetricsSnapshot snapshot(Instant now, Set<Fault> faults) {
        double seconds = Math.max(0, Duration.between(last, now).toMillis() / 1000.0);
        last = now;
        int rails = topology.rails();
        NodeMetricsReadings readings = new NodeMetricsReadings(labels -> labels.get("node"));
        Labels labels = new Labels();
        PortCounter[] counters = PortCounter.values();
        for (int node = 0; node < topology.nodes; node++) {
            double load = load(node, now);
            String name = topology.nodeNames[node];
            for (int rail = 0; rail < rails; rail++) {
                Link link = advance(node, rail, load, seconds, faults);
                long[] values = this.counters[node * rails + rail];
                labels.set("node", name, "device", topology.devices.get(rail), "port", "1");
                readings.sample("node_infiniband_state_id", labels, link.stateId(), now.toEpochMilli());
                readings.sample(
                        "node_infiniband_physical_state_id", labels, link.physicalStateId(), now.toEpochMilli());
                readings.sample(
                        "node_infiniband_rate_bytes_per_second", labels, link.rateBytesPerSecond(), now.toEpochMilli());
                for (PortCounter counter : counters) {
                    readings.sample(counter.metricName(), labels, values[counter.ordinal()], now.toEpochMilli());
                }
                attributes(readings, labels, name, node, rail, faults, now.toEpochMilli());
            }
        }
        cabling.uplinks(readings, labels, now.toEpochMilli());
        for (NeighborReading neighbor : neighbors(faults)) {
            labels.set("node", neighbor.node(), "device", "eth0");
            readings.sample("node_arp_entries", labels, neighbor.entries(), now.toEpochMilli());
            labels.set("node", neighbor.node());
            readings.sample(
                    "node_sysctl_net_ipv4_neigh_default_gc_thresh1", labels, neighbor.gcThresh1(), now.toEpochMilli());
            readings.sample(
                    "node_sysctl_net_ipv4_neigh_default_gc_thresh2", labels, neighbor.gcThresh2(), now.toEpochMilli());
            readings.sample(
                    "node_sysctl_net_ipv4_neigh_default_gc_thresh3", labels, neighbor.gcThresh3(), now.toEpochMilli());
        }
        // dual-stack nodes: their IPv6 tables as the README's textfile script writes them, the sysctls as
        // node_exporter's sysctl collector does (the kernel's defaults, 128/512/1024, net/ipv6/ndisc.c)
        int ipv6Over = faults.contains(Fault.NEIGHBOR_IPV6_OVER_GC_THRESH2) ? topology.faultNode(12) : -1;
        for (int node = 0; node < topology.nodes; node++) {
            int entries = node == ipv6Over ? 700 : 4 + topology.neighborBase[node] / 16;
            labels.set("node", topology.nodeNames[node], "device", "eth0");
            readings.sample("node_ndisc_entries", labels, entries, now.toEpochMilli());
            labels.set("node", topology.nodeNames[node]);
            readings.sample("node_sysctl_net_ipv6_neigh_default_gc_thresh1", labels, 128, now.toEpochMilli());
            readings.sample("node_sysctl_net_ipv6_neigh_default_gc_thresh2", labels, 512, now.toEpochMilli());
            readings.sample("node_sysctl_net_ipv6_neigh_default_gc_thresh3", labels, 1024, now.toEpochMilli());
        }
        int sharedNetns = faults.contains(Fault.ISOLATION_GAPS) ? topology.faultNode(9) : -1;
        for (int node = 0; node < topology.nodes; node++) {
            labels.set("node", topology.nodeNames[node]);
            readings.sample(RdmaNetnsReport.METRIC, labels, node == sharedNetns ? 0 : 1, now.toEpochMilli());
        }
        return readings.snapshot(now, List.of());
    }

    /**
     * What node_exporter's {@code node_infiniband_info} and Railscope's textfile script report about a port and its
     * HCA; {@code labels} holds the port's node, device and port and is left changed.
     */
    private void attributes(
            NodeMetricsReadings readings, Labels labels, String name, int node, int rail, Set<Fault> faults, long at) {
        String device = topology.devices.get(rail);
        readings.sample(PortAttributeSeries.PORT_MTU, labels, NETDEV_MTU, at);
        labels.set(
                "node", name, "device", device, "port", "1", "link_layer", "Ethernet", "netdev", topology.netdev(rail));
        readings.sample(PortAttributeSeries.PORT_INFO, labels, 1, at);
        cabling.lldpNeighbor(readings, labels, name, node, rail, faults, at);
        labels.set(
                "node",
                name,
                "device",
                device,
                "board_id",
                BOARD_ID,
                "firmware_version",
                isFaulty(faults, Fault.RAIL_FIRMWARE_MISMATCH, FIRMWARE_MISMATCH, node, rail)
                        ? OTHER_FIRMWARE
                        : FIRMWARE,
                "hca_type",
                HCA_TYPE);
        readings.sample(PortAttributeSeries.HCA_INFO, labels, 1, at);
        labels.set("node", name, "device", device);
        readings.sample(PortAttributeSeries.PCIE_WIDTH, labels, PCIE_WIDTH, at);
        readings.sample(PortAttributeSeries.PCIE_SPEED, labels, PCIE_TRANSFERS_PER_SECOND, at);
    }

    /** A port's link as node_exporter reports it. */
    private record Link(int stateId, int physicalStateId, double rateBytesPerSecond) {}

    /** Advances one port's counters by {@code seconds} at {@code load}, and says how its link stands. */
    private Link advance(int node, int rail, double load, double seconds, Set<Fault> faults) {
        long[] c = counters[node * topology.rails() + rail];
        boolean down = isFaulty(faults, Fault.RAIL_DOWN, RAIL_DOWN, node, rail)
                || faults.contains(Fault.LEAF_DOWN)
                        && topology.onFaultLeaf(LEAF_DOWN, node, cabling.cabledRail(faults, node, rail));
        double rate = isFaulty(faults, Fault.RAIL_HALF_RATE, RAIL_HALF_RATE, node, rail)
                ? expectedBytesPerSecond / 2
                : expectedBytesPerSecond;
        if (!down) {
            double bytes = load * rate * seconds;
            add(c, PortCounter.DATA_RECEIVED_BYTES, bytes);
            add(c, PortCounter.DATA_TRANSMITTED_BYTES, bytes * 0.98);
            add(c, PortCounter.PACKETS_RECEIVED, bytes / 4096);
            add(c, PortCounter.PACKETS_TRANSMITTED, bytes * 0.98 / 4096);
            add(c, PortCounter.TRANSMIT_WAIT, load * load * WAIT_AT_FULL_LOAD * rate * seconds / BYTES_PER_TICK);
            add(c, PortCounter.NP_ECN_MARKED, load * load * seconds * 50);
            add(c, PortCounter.NP_CNP_SENT, load * load * seconds * 50);
            add(c, PortCounter.RP_CNP_HANDLED, load * load * seconds * 45);
        }
        if (isFaulty(faults, Fault.RAIL_FLAPPING, RAIL_FLAPPING, node, rail)) {
            c[PortCounter.LINK_DOWNED.ordinal()]++;
            c[PortCounter.LINK_ERROR_RECOVERY.ordinal()] += 2;
        }
        if (faults.contains(Fault.ROCE_CONGESTION)
                && !down
                && rail == topology.faultRail(ROCE_CONGESTION)
                && node % 4 == topology.faultNode(ROCE_CONGESTION) % 4) {
            // an incast on one rail: DCQCN at work (CNPs, ECN marks) and the switch pausing the port 8 % of the time
            add(c, PortCounter.NP_CNP_SENT, 4000 * seconds);
            add(c, PortCounter.RP_CNP_HANDLED, 3800 * seconds);
            add(c, PortCounter.NP_ECN_MARKED, 4200 * seconds);
            add(c, PortCounter.PFC_RX_PAUSE_DURATION, 80_000 * seconds);
        }
        if (faults.contains(Fault.LEAF_PFC_STORM)
                && !down
                && topology.onFaultLeaf(LEAF_PFC_STORM, node, cabling.cabledRail(faults, node, rail))) {
            // the leaf sends pause frames to every host port it serves
            add(c, PortCounter.PFC_RX_PAUSE_DURATION, 80_000 * seconds);
        }
        if (faults.contains(Fault.SPINE_UPLINK_CONGESTED)
                && !down
                && node % 4 != 0
                && topology.belowFaultSpine(SPINE_UPLINK_CONGESTED, node, cabling.cabledRail(faults, node, rail))) {
            // the spine's congested uplinks back up into its leaves, which pause the host ports whose flows cross them
            add(c, PortCounter.PFC_RX_PAUSE_DURATION, 80_000 * seconds);
        }
        if (isFaulty(faults, Fault.FLAKY_CABLE, FLAKY_CABLE, node, rail)) {
            add(c, PortCounter.SYMBOL_ERRORS, SYMBOL_ERRORS_PER_HOUR_FAULTY * seconds / 3600);
            flakySeconds += seconds;
            if (flakySeconds >= FLAKY_CABLE_FLAP_SECONDS) {
                flakySeconds -= FLAKY_CABLE_FLAP_SECONDS;
                c[PortCounter.LINK_DOWNED.ordinal()]++;
                c[PortCounter.LINK_ERROR_RECOVERY.ordinal()]++;
            }
        }
        if (isFaulty(faults, Fault.SYMBOL_ERRORS_RISING, SYMBOL_ERRORS, node, rail)) {
            add(c, PortCounter.SYMBOL_ERRORS, SYMBOL_ERRORS_PER_HOUR_FAULTY * seconds / 3600);
        }
        return new Link(down ? STATE_DOWN : STATE_ACTIVE, down ? PHYS_POLLING : PHYS_LINK_UP, rate);
    }

    private List<NeighborReading> neighbors(Set<Fault> faults) {
        int t1 = topology.gcThresh(1);
        int t2 = topology.gcThresh(2);
        int t3 = topology.gcThresh(3);
        boolean overflowing = faults.contains(Fault.NEIGHBOR_OVER_GC_THRESH2);
        int overThresh2 = topology.faultNode(5);
        int nearThresh3 = topology.faultNode(6);
        List<NeighborReading> readings = new ArrayList<>(topology.nodes);
        for (int node = 0; node < topology.nodes; node++) {
            int entries = topology.neighborBase[node];
            if (overflowing && node == nearThresh3) {
                entries = (int) (t3 * 0.95);
            } else if (overflowing && node == overThresh2) {
                entries = t2 + (t3 - t2) / 3;
            }
            readings.add(new NeighborReading(topology.nodeNames[node], entries, t1, t2, t3));
        }
        return readings;
    }

    private boolean isFaulty(Set<Fault> faults, Fault fault, int slot, int node, int rail) {
        return faults.contains(fault) && topology.faultNode(slot) == node && topology.faultRail(slot) == rail;
    }

    private double load(int node, Instant now) {
        double hours = now.toEpochMilli() / 3_600_000.0;
        return 0.2 + 0.5 * (0.5 + 0.5 * Math.sin(2 * Math.PI * (hours / 6 + topology.loadPhase[node])));
    }

    private static void add(long[] c, PortCounter counter, double amount) {
        c[counter.ordinal()] += Math.round(amount);
    }
}
