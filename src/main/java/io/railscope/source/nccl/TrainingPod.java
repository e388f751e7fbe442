package io.railscope.source.nccl;

import java.time.Instant;
import java.util.List;

/**
 * A pod of a training job as the cluster describes it.
 *
 * @param jobLabel          the label that named its job
 * @param requestedRails    RDMA resources requested ({@code nvidia.com/*rail*}, {@code rdma/*}), else Multus networks, else HCAs in NCCL_IB_HCA
 * @param backendInterfaces interfaces in {@code network-status} besides the default one, as {@code net1 (mlx5_0)}
 * @param addresses         the pod's IPs: the pod network's and each attachment's, with the RDMA device behind it
 * @param ncclRasAddr       NCCL_RAS_ADDR from the containers' env: where the job's RAS service listens, null when unset
 * @param ncclContainer     the container NCCL runs in: the first whose env sets an NCCL_ variable, else the first
 */
public record TrainingPod(
        String namespace,
        String name,
        String job,
        String jobLabel,
        String node,
        String phase,
        int requestedRails,
        List<String> backendInterfaces,
        String ncclDebug,
        String ncclIbHca,
        String ncclSocketIfname,
        List<Container> containers,
        List<PodAddress> addresses,
        String ncclRasAddr,
        String ncclContainer) {

    public TrainingPod {
        backendInterfaces = List.copyOf(backendInterfaces);
        containers = List.copyOf(containers);
        addresses = List.copyOf(addresses);
    }

    public boolean active() {
        return "Running".equals(phase) || "Pending".equals(phase);
    }

    /**
     * One container run.
     *
     * @param id        the container ID of this run; null before it started
     * @param startedAt when it started, null before
     * @param finished  it terminated: its log is complete
     */
    public record Container(String name, String id, Instant startedAt, boolean finished) {}
}
