package io.railscope.source.nccl;

import java.time.Instant;
import java.util.List;

/**
 * What was seen of one job: its pods as the cluster has them and its ranks as NCCL logged them.
 *
 * @param transport      the network most ranks used: {@code IB}, {@code Socket}, a plugin name, {@code mixed}, or null when not logged
 * @param nranks         ranks of the job's largest communicator, or the ranks observed when no Init COMPLETE said it
 * @param requestedRails rails each pod asked for (resources, networks annotation or NCCL_IB_HCA); 0 when none
 * @param busbwGBps      measured bus bandwidth (nccl-tests or NCCL Inspector), NaN when unknown
 * @param busbwSource    what printed it, null when unknown
 * @param warnings       NCCL WARN and error lines, the first few of each kind, fatal first
 * @param running        a pod of the job is pending or running
 * @param dropped        what was past {@code railscope.nccl.*} and not kept
 * @param ras            what NCCL's RAS service last said of the running job, or why it was not asked; null when the
 *                       cell does not ask (nccl.ras.enabled)
 */
public record NcclJobObservation(
        String namespace,
        String name,
        String transport,
        int nranks,
        int requestedRails,
        double busbwGBps,
        BusbwSource busbwSource,
        List<NcclRankObservation> ranks,
        List<NcclWarning> warnings,
        List<JobPod> pods,
        boolean running,
        Dropped dropped,
        RasStatus ras) {

    public NcclJobObservation {
        ranks = List.copyOf(ranks);
        warnings = List.copyOf(warnings);
        pods = List.copyOf(pods);
    }

    /** The job with what its RAS service said. */
    public NcclJobObservation withRas(RasStatus status) {
        return new NcclJobObservation(
                namespace,
                name,
                transport,
                nranks,
                requestedRails,
                busbwGBps,
                busbwSource,
                ranks,
                warnings,
                pods,
                running,
                dropped,
                status);
    }

    /**
     * What a job's logs held past the limits: ranks past {@code max-ranks-per-job} or of hosts past {@code max-hosts-per-push},
     * warnings past {@code max-warnings-per-job}, and those hosts.
     */
    public record Dropped(int ranks, int warnings, int hosts) {

        public static final Dropped NONE = new Dropped(0, 0, 0);

        public boolean any() {
            return ranks > 0 || warnings > 0 || hosts > 0;
        }
    }

    /** Whether a warning says a collective or a communicator failed. */
    public boolean failed() {
        return warnings.stream().anyMatch(warning -> warning.kind() == NcclWarning.Kind.FATAL);
    }

    /**
     * One pod of a job.
     *
     * @param backendInterfaces interfaces Multus attached besides the primary one, as {@code net1 (mlx5_0)}
     * @param ncclDebug         the pod's NCCL_DEBUG, null when unset
     * @param log               where its NCCL facts stand, and why its log could not be read when it could not
     * @param addresses         its IPs with their interfaces and RDMA devices, for naming the peer an NCCL error names
     * @param started           when its containers' current runs started, for the job's timeline
     */
    public record JobPod(
            String name,
            String node,
            String phase,
            int requestedRails,
            List<String> backendInterfaces,
            String ncclDebug,
            String ncclIbHca,
            String ncclSocketIfname,
            PodLog log,
            List<PodAddress> addresses,
            List<ContainerStart> started) {

        public JobPod {
            backendInterfaces = List.copyOf(backendInterfaces);
            // jobs stored before pods had addresses or start times have none
            addresses = addresses == null ? List.of() : List.copyOf(addresses);
            started = started == null ? List.of() : List.copyOf(started);
        }
    }

    /** When a container's current run started. */
    public record ContainerStart(String container, Instant at) {}
}
