package io.railscope.source;

/**
 * One RDMA port of a node as node_exporter reports it: {@code node_infiniband_state_id},
 * {@code node_infiniband_physical_state_id}, {@code node_infiniband_rate_bytes_per_second} and its
 * counters, indexed by {@link PortCounter#ordinal()} with -1 where the exporter has no such counter.
 */
public record RailPortReading(
        String node, String device, int port, int stateId, int physicalStateId, double rateBytesPerSecond, long[] counters) {

    public long counter(PortCounter counter) {
        return counters[counter.ordinal()];
    }
}
