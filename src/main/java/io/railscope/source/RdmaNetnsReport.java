package io.railscope.source;

import java.util.List;

/**
 * The RDMA subsystem's netns mode as nodes report it with the textfile metric
 * {@code node_rdma_netns_exclusive} (1 exclusive, 0 shared; from {@code rdma system show}).
 *
 * @param nodesReporting how many nodes export the metric
 * @param sharedNodes    the nodes that report shared mode
 */
public record RdmaNetnsReport(int nodesReporting, List<String> sharedNodes) {

    public static final String METRIC = "node_rdma_netns_exclusive";
    public static final RdmaNetnsReport NONE = new RdmaNetnsReport(0, List.of());

    public RdmaNetnsReport {
        sharedNodes = List.copyOf(sharedNodes);
    }
}
