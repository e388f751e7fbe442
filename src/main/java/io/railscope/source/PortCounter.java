package io.railscope.source;

import java.util.Arrays;

/** The node_exporter InfiniBand counters Railscope reads, by metric name. */
public enum PortCounter {
    DATA_RECEIVED_BYTES("node_infiniband_port_data_received_bytes_total", false),
    DATA_TRANSMITTED_BYTES("node_infiniband_port_data_transmitted_bytes_total", false),
    PACKETS_RECEIVED("node_infiniband_port_packets_received_total", false),
    PACKETS_TRANSMITTED("node_infiniband_port_packets_transmitted_total", false),
    ERRORS_RECEIVED("node_infiniband_port_errors_received_total", true),
    DISCARDS_RECEIVED("node_infiniband_port_discards_received_total", true),
    DISCARDS_TRANSMITTED("node_infiniband_port_discards_transmitted_total", true),
    RECEIVE_REMOTE_PHYSICAL_ERRORS("node_infiniband_port_receive_remote_physical_errors_total", true),
    TRANSMIT_WAIT("node_infiniband_port_transmit_wait_total", false),
    LINK_DOWNED("node_infiniband_link_downed_total", true),
    LINK_ERROR_RECOVERY("node_infiniband_link_error_recovery_total", true),
    LOCAL_LINK_INTEGRITY_ERRORS("node_infiniband_local_link_integrity_errors_total", true),
    SYMBOL_ERRORS("node_infiniband_symbol_error_total", true),
    EXCESSIVE_BUFFER_OVERRUN_ERRORS("node_infiniband_excessive_buffer_overrun_errors_total", true),
    OUT_OF_SEQUENCE_PACKETS("node_infiniband_out_of_sequence_packets_received_total", true),
    PACKET_SEQUENCE_ERRORS("node_infiniband_packet_sequence_errors_total", true),
    LOCAL_ACK_TIMEOUT_ERRORS("node_infiniband_local_ack_timeout_errors_total", true),
    NP_CNP_SENT("node_infiniband_np_cnp_packets_sent_total", false),
    NP_ECN_MARKED("node_infiniband_np_ecn_marked_roce_packets_received_total", false),
    RP_CNP_HANDLED("node_infiniband_rp_cnp_packets_handled_total", false),
    RX_ICRC_ENCAPSULATED_ERRORS("node_infiniband_rx_icrc_encapsulated_errors_total", true),
    OUT_OF_BUFFER_DROPS("node_infiniband_out_of_buffer_drops_total", true),
    /**
     * CNPs this port received as a sender and did not act on (hw_counters rp_cnp_ignored, node_exporter 1.11+): "should
     * not raise if RoCE Congestion Control was enabled".
     */
    RP_CNP_IGNORED("node_infiniband_rp_cnp_ignored_packets_received_total", false),
    /**
     * Microseconds the port was told to pause by PFC, summed over priorities (mlx5 ethtool {@code rx_prio<p>_pause_duration},
     * published per RDMA port by README's textfile script; node_exporter's ethtool collector knows only the netdev).
     */
    PFC_RX_PAUSE_DURATION("node_rdma_pfc_rx_pause_duration_microseconds_total", false, true);

    private static final PortCounter[] ALL = values();

    private final String metricName;
    private final boolean error;
    private final boolean summed;

    PortCounter(String metricName, boolean error) {
        this(metricName, error, false);
    }

    PortCounter(String metricName, boolean error, boolean summed) {
        this.metricName = metricName;
        this.error = error;
        this.summed = summed;
    }

    /** A counter a port has several series of (one per PFC priority), read as their sum. */
    public boolean summed() {
        return summed;
    }

    /** An error, drop or flap counter: zero on a healthy port, so zero on nearly every port of a fleet. */
    public boolean isError() {
        return error;
    }

    public String metricName() {
        return metricName;
    }

    public static int count() {
        return ALL.length;
    }

    /** A counter array with every counter missing. */
    public static long[] none() {
        long[] counters = new long[ALL.length];
        Arrays.fill(counters, -1L);
        return counters;
    }
}
