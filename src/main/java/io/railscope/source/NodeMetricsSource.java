package io.railscope.source;

/** Reads neighbor tables and RDMA port counters of a cell's nodes, from exporters or a query API. */
@FunctionalInterface
public interface NodeMetricsSource {

    /** Fetches the current counters of every node it can reach; must respond to thread interruption. */
    NodeMetricsSnapshot fetchNodeMetrics() throws Exception;
}
