package io.railscope.source.nccl;

import java.util.List;
import java.util.Map;

/** One rank of a job: the pod and node it ran in, and what its NCCL logged about the network. */
public record NcclRankObservation(String pod, String node, RankFacts facts) {

    public int rank() {
        return facts.rank();
    }

    public String host() {
        return facts.host();
    }

    public String ncclVersion() {
        return facts.ncclVersion();
    }

    public String network() {
        return facts.network();
    }

    public List<String> hcas() {
        return facts.hcas();
    }

    public String linkLayer() {
        return facts.linkLayer();
    }

    /** GPUDirect RDMA on every NET channel; false when one ran without; null when no NET channel was logged. */
    public Boolean gdr() {
        return facts.gdr();
    }

    /** Channel count per transport ({@code NET/IB}, {@code NET/Socket}, {@code P2P}, {@code SHM}). */
    public Map<String, Integer> channels() {
        return facts.channels();
    }

    public boolean initComplete() {
        return facts.initComplete();
    }

    public boolean noDevice() {
        return facts.noDevice();
    }

    public List<String> socketInterfaces() {
        return facts.socketInterfaces();
    }

    public String plugin() {
        return facts.plugin();
    }

    /** Its own bus bandwidth in its largest collectives (NCCL Inspector), null when unknown. */
    public Double busbwGBps() {
        return facts.busbwGBps();
    }
}
