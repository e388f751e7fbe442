package io.railscope.source;

/**
 * One RDMA port of a node as node_exporter reports it: {@code node_infiniband_state_id} (0–5),
 * {@code node_infiniband_physical_state_id} (0–7), {@code node_infiniband_rate_bytes_per_second} and its
 * counters, indexed by {@link PortCounter#ordinal()} with -1 where the exporter has no such counter.
 * A state is 0 when the exporter reports none (node_exporter before 1.0) and {@link #UNKNOWN_STATE}
 * when it reported a value that is no state code (NaN, ±Inf, a fraction, out of range). {@code attributes} are what
 * the port and its HCA are set to, compared across a node's rails.
 */
public record RailPortReading(
        String node,
        String device,
        int port,
        int stateId,
        int physicalStateId,
        double rateBytesPerSecond,
        long[] counters,
        PortAttributes attributes) {

    /** A port whose attributes are unknown. */
    public RailPortReading(
            String node,
            String device,
            int port,
            int stateId,
            int physicalStateId,
            double rateBytesPerSecond,
            long[] counters) {
        this(node, device, port, stateId, physicalStateId, rateBytesPerSecond, counters, PortAttributes.UNKNOWN);
    }

    /** A state or physical state the exporter reported but that is no code of its enum. */
    public static final int UNKNOWN_STATE = -1;
    /** The highest port state code (ACTIVE_DEFER). */
    public static final int MAX_STATE = 5;
    /** The highest physical state code (PhyTest). */
    public static final int MAX_PHYSICAL_STATE = 7;

    public long counter(PortCounter counter) {
        return counters[counter.ordinal()];
    }

    /** Whether the state or the physical state was reported but could not be read as a code. */
    public boolean stateUnreadable() {
        return stateId == UNKNOWN_STATE || physicalStateId == UNKNOWN_STATE;
    }
}
