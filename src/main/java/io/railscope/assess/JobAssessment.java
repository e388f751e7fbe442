package io.railscope.assess;

import io.railscope.source.nccl.NcclJobObservation;
import io.railscope.source.nccl.NcclJobObservation.JobPod;
import io.railscope.source.nccl.NcclRankObservation;
import io.railscope.source.nccl.NcclWarning;
import io.railscope.source.nccl.PodLogStatus;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.OptionalDouble;

/**
 * A job's transport verdict and the reason for it in an SRE's words, with one verdict per rank.
 *
 * @param ranks one per rank of the observation, in its order
 */
public record JobAssessment(JobVerdict verdict, String reason, List<RankAssessment> ranks) {

    /** The busbw rule, for verdicts and alerts alike: below {@code tolerance} of the baseline for jobs of its size. */
    public static boolean belowBaseline(double busbwGBps, double baselineGBps, double tolerance) {
        return busbwGBps < baselineGBps * tolerance;
    }

    /**
     * @param baselineGBps the bus bandwidth this cell's healthy jobs of this size reach, when known
     * @param tolerance    the fraction of the baseline below which a job is degraded
     */
    public static JobAssessment of(NcclJobObservation job, OptionalDouble baselineGBps, double tolerance) {
        List<RankAssessment> ranks = new ArrayList<>(job.ranks().size());
        for (NcclRankObservation rank : job.ranks()) {
            ranks.add(RankAssessment.of(rank, job.requestedRails()));
        }
        List<NcclWarning> fatal = job.warnings().stream()
                .filter(warning -> warning.kind() == NcclWarning.Kind.FATAL)
                .toList();
        if (!fatal.isEmpty()) {
            return new JobAssessment(
                    JobVerdict.FAILED,
                    "NCCL reported an error: " + fatal.get(0).text()
                            + (fatal.size() > 1 ? " (and " + (fatal.size() - 1) + " more)" : ""),
                    ranks);
        }
        if (job.ranks().isEmpty()) {
            return new JobAssessment(JobVerdict.UNOBSERVABLE, unobservable(job), ranks);
        }
        String degraded = degraded(job, ranks);
        if (degraded == null
                && baselineGBps.isPresent()
                && Double.isFinite(job.busbwGBps())
                && belowBaseline(job.busbwGBps(), baselineGBps.getAsDouble(), tolerance)) {
            degraded = String.format(
                    Locale.ROOT,
                    "bus bandwidth %.1f GB/s is below %.0f%% of the cell's baseline %.1f GB/s for %d ranks",
                    job.busbwGBps(),
                    tolerance * 100,
                    baselineGBps.getAsDouble(),
                    job.nranks());
        }
        if (degraded != null) {
            return new JobAssessment(JobVerdict.DEGRADED, degraded, ranks);
        }
        if (ranks.stream().allMatch(rank -> rank.verdict() == JobVerdict.UNOBSERVABLE)) {
            return new JobAssessment(JobVerdict.UNOBSERVABLE, "NCCL logged no network choice for any rank", ranks);
        }
        return new JobAssessment(JobVerdict.RDMA_OK, healthy(job), ranks);
    }

    private static String degraded(NcclJobObservation job, List<RankAssessment> verdicts) {
        List<NcclRankObservation> ranks = job.ranks();
        List<NcclRankObservation> sockets =
                ranks.stream().filter(RankAssessment::isSocket).toList();
        if (!sockets.isEmpty()) {
            String where = sockets.get(0).socketInterfaces().isEmpty()
                    ? "the primary network"
                    : String.join(", ", sockets.get(0).socketInterfaces());
            String noDevice = sockets.stream().anyMatch(NcclRankObservation::noDevice)
                    ? "; NET/IB found no device in the pod"
                    : "";
            String requested =
                    job.requestedRails() > 0 ? " although each pod requested " + job.requestedRails() + " rails" : "";
            if (sockets.size() == ranks.size()) {
                return "fell back to NET/" + sockets.get(0).network() + " on " + where + " on every rank" + requested
                        + noDevice;
            }
            return sockets.size() + " of " + ranks.size() + " ranks fell back to NET/"
                    + sockets.get(0).network() + " on " + where
                    + " (pods "
                    + String.join(
                            ", ",
                            sockets.stream()
                                    .map(NcclRankObservation::pod)
                                    .distinct()
                                    .limit(5)
                                    .toList()) + ")"
                    + requested + noDevice;
        }
        for (int i = 0; i < ranks.size(); i++) {
            if (verdicts.get(i).verdict() == JobVerdict.DEGRADED) {
                long more = verdicts.stream()
                                .filter(v -> v.verdict() == JobVerdict.DEGRADED)
                                .count()
                        - 1;
                NcclRankObservation rank = ranks.get(i);
                return "rank " + (rank.rank() < 0 ? "?" : rank.rank()) + " on "
                        + (rank.node() == null ? rank.host() : rank.node()) + ": "
                        + verdicts.get(i).reason() + (more > 0 ? " (and " + more + " more ranks)" : "");
            }
        }
        return null;
    }

    private static String unobservable(NcclJobObservation job) {
        String busbw = Double.isFinite(job.busbwGBps())
                ? String.format(Locale.ROOT, " (bus bandwidth %.1f GB/s)", job.busbwGBps())
                : "";
        for (JobPod pod : job.pods()) {
            if (pod.ncclDebug() != null
                    && !pod.ncclDebug().equalsIgnoreCase("INFO")
                    && !pod.ncclDebug().equalsIgnoreCase("TRACE")) {
                return "NCCL_DEBUG=" + pod.ncclDebug() + " on pod " + pod.name()
                        + ": set NCCL_DEBUG=INFO (NCCL_DEBUG_SUBSYS=INIT,NET is enough) so the transport can be proven"
                        + busbw;
            }
        }
        List<String> unreadable = job.pods().stream()
                .filter(pod -> pod.log().status() == PodLogStatus.UNREADABLE)
                .map(pod -> pod.name() + ": " + pod.log())
                .toList();
        if (!unreadable.isEmpty()) {
            return "logs could not be read: " + unreadable.get(0)
                    + (unreadable.size() > 1 ? " (and " + (unreadable.size() - 1) + " more)" : "");
        }
        if (!job.pods().isEmpty()
                && job.pods().stream().allMatch(pod -> pod.log().status() == PodLogStatus.WAITING)) {
            return "waiting for the pods' logs: NCCL prints its network once the job initialises";
        }
        return "no NCCL INFO lines in the logs: set NCCL_DEBUG=INFO (NCCL_DEBUG_SUBSYS=INIT,NET is enough) to prove the transport"
                + busbw;
    }

    private static String healthy(NcclJobObservation job) {
        NcclRankObservation first = job.ranks().get(0);
        boolean gdr = job.ranks().stream().allMatch(rank -> Boolean.TRUE.equals(rank.gdr()));
        int hcas =
                job.ranks().stream().mapToInt(rank -> rank.hcas().size()).min().orElse(0);
        String coverage = job.ranks().size() < job.nranks()
                ? " (logs of " + job.ranks().size() + " of " + job.nranks() + " ranks read)"
                : "";
        return "NET/" + (job.transport() == null ? first.network() : job.transport())
                + (gdr ? " with GPUDirect RDMA" : "") + " on all " + job.ranks().size() + " ranks"
                + (hcas > 0 ? ", " + hcas + " HCAs each" : "") + coverage;
    }
}
