package io.railscope.assess;

import io.railscope.source.NcclJobObservation;
import io.railscope.source.NcclRankObservation;
import java.util.Set;

/** A job's transport verdict and the reason for it in an SRE's words. */
public record JobAssessment(JobVerdict verdict, String reason) {

    private static final Set<String> RDMA_NETWORKS = Set.of("IB", "IBext", "Libfabric", "OFI", "GPUDirectTCPX", "GPUDirectTCPXO");

    public static JobAssessment of(NcclJobObservation job) {
        if (!job.warnings().isEmpty()) {
            return new JobAssessment(JobVerdict.FAILED, "NCCL warned: " + job.warnings().get(0));
        }
        if (job.transport() == null) {
            return new JobAssessment(JobVerdict.UNOBSERVABLE, "no NCCL INFO lines: set NCCL_DEBUG=INFO to prove the transport");
        }
        if (!isRdma(job.transport())) {
            return new JobAssessment(JobVerdict.DEGRADED, "fell back to NET/" + job.transport() + " on the primary network"
                    + (job.requestedRails() > 0 ? " although each pod requested " + job.requestedRails() + " rails" : ""));
        }
        for (NcclRankObservation rank : job.ranks()) {
            if (job.requestedRails() > 0 && rank.hcas().size() < job.requestedRails()) {
                return new JobAssessment(JobVerdict.DEGRADED, "rank " + rank.rank() + " on " + rank.node() + " uses "
                        + rank.hcas().size() + " HCAs of " + job.requestedRails() + " rails requested");
            }
            if (!rank.gdr()) {
                return new JobAssessment(JobVerdict.DEGRADED, "rank " + rank.rank() + " on " + rank.node()
                        + " runs without GPUDirect RDMA");
            }
        }
        return new JobAssessment(JobVerdict.RDMA_OK, "NET/" + job.transport() + " with GPUDirect RDMA on every rank");
    }

    private static boolean isRdma(String transport) {
        return RDMA_NETWORKS.stream().anyMatch(transport::startsWith);
    }
}
