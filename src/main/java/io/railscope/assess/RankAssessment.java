package io.railscope.assess;

import io.railscope.source.nccl.NcclRankObservation;
import java.util.Set;

/** One rank's transport verdict and why. */
public record RankAssessment(JobVerdict verdict, String reason) {

    private static final Set<String> RDMA_PREFIXES =
            Set.of("IB", "IBext", "Libfabric", "AWS Libfabric", "OFI", "GPUDirectTCPX", "FasTrak");

    public static RankAssessment of(NcclRankObservation rank, int requestedRails) {
        if (rank.network() == null) {
            return new RankAssessment(JobVerdict.UNOBSERVABLE, "NCCL did not log which network it chose");
        }
        if (!isRdma(rank.network())) {
            return new RankAssessment(
                    JobVerdict.DEGRADED,
                    "NET/" + rank.network() + " on "
                            + (rank.socketInterfaces().isEmpty()
                                    ? "the primary network"
                                    : String.join(", ", rank.socketInterfaces()))
                            + (rank.noDevice() ? ": NET/IB found no device in the pod" : ""));
        }
        int socketChannels = rank.channels().getOrDefault("NET/Socket", 0);
        if (socketChannels > 0) {
            return new RankAssessment(JobVerdict.DEGRADED, socketChannels + " channels over NET/Socket");
        }
        if (requestedRails > 0 && !rank.hcas().isEmpty() && rank.hcas().size() < requestedRails) {
            return new RankAssessment(
                    JobVerdict.DEGRADED, rank.hcas().size() + " HCAs of " + requestedRails + " rails requested");
        }
        if (Boolean.FALSE.equals(rank.gdr())) {
            return new RankAssessment(JobVerdict.DEGRADED, "no GPUDirect RDMA: NET channels go through host memory");
        }
        return new RankAssessment(
                JobVerdict.RDMA_OK,
                "NET/" + rank.network() + (Boolean.TRUE.equals(rank.gdr()) ? " with GPUDirect RDMA" : ""));
    }

    public static boolean isRdma(String network) {
        return network != null && RDMA_PREFIXES.stream().anyMatch(network::startsWith);
    }

    static boolean isSocket(NcclRankObservation rank) {
        return rank.network() != null && !isRdma(rank.network());
    }
}
