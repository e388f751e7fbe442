package io.railscope.source;

import java.util.List;

/** One rank of a job: where it ran and what NCCL said about its network. */
public record NcclRankObservation(
        int rank, String pod, String node, String ncclVersion, String network, List<String> hcas, boolean gdr, boolean initComplete) {
}
