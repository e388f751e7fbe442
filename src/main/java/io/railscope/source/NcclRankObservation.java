package io.railscope.source;

import java.util.List;
import java.util.Map;

/**
 * One rank of a job: where it ran and what NCCL said about its network.
 *
 * @param gdr      GPUDirect RDMA on every NET channel; false when one ran without; null when no NET channel was logged
 * @param channels channel count per transport ({@code NET/IB}, {@code NET/Socket}, {@code P2P}, {@code SHM})
 */
public record NcclRankObservation(
        int rank,
        String pod,
        String node,
        String host,
        String ncclVersion,
        String network,
        List<String> hcas,
        String linkLayer,
        Boolean gdr,
        Map<String, Integer> channels,
        boolean initComplete,
        boolean noDevice,
        List<String> socketInterfaces,
        String plugin) {

    public NcclRankObservation {
        hcas = List.copyOf(hcas);
        channels = Map.copyOf(channels);
        socketInterfaces = List.copyOf(socketInterfaces);
    }
}
