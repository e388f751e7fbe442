package io.railscope.source.sim;

import io.railscope.model.Fault;
import io.railscope.source.nccl.PodAddress;
import io.railscope.source.nccl.TrainingPod;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Training jobs of a simulated cell as their pods: one pod per node with eight ranks each, on RoCE with GPUDirect
 * RDMA, and the last job an nccl-tests run. Faults make the first job restart on sockets, or the second run without
 * NCCL INFO logging. What their pods log is written by {@link SimulatedNcclLogs}.
 */
final class SimulatedJobs {

    static final String NCCL_VERSION = "2.21.5+cuda12.4";
    /** The job whose ranks RAS reports missing runs a NCCL with RAS and its JSON status (2.28.7+). */
    static final String RAS_NCCL_VERSION = "2.29.2+cuda12.9";

    private static final String JOB_LABEL = "training.kubeflow.org/job-name";
    private static final int MAX_JOBS = 12;
    private static final int MAX_NODES_PER_JOB = 16;

    enum Mode {
        RDMA,
        SOCKET,
        NO_DEBUG,
        NCCL_TESTS
    }

    private final SimulatedTopology topology;
    private final long seed;
    private final Instant started;

    SimulatedJobs(SimulatedTopology topology, long seed, Instant start) {
        this.topology = topology;
        this.seed = seed;
        this.started = start.minus(Duration.ofHours(2));
    }

    int jobs() {
        return Math.max(1, Math.min(MAX_JOBS, topology.nodes / 64));
    }

    int nodesPerJob() {
        return Math.max(1, Math.min(MAX_NODES_PER_JOB, topology.nodes / jobs()));
    }

    List<TrainingPod> pods(Set<Fault> faults) {
        List<TrainingPod> pods = new ArrayList<>();
        for (int job = 0; job < jobs(); job++) {
            Mode mode = mode(job, faults);
            for (int n = 0; n < nodesPerJob(); n++) {
                int node = peerOnDownRail(job, n, faults)
                        ? topology.faultNode(SimulatedPorts.RAIL_DOWN)
                        : onHalfRateNode(job, n, faults)
                                ? topology.faultNode(SimulatedPorts.RAIL_HALF_RATE)
                                : (job * nodesPerJob() + n) % topology.nodes;
                List<String> interfaces = new ArrayList<>();
                if (mode != Mode.SOCKET) {
                    for (int rail = 0; rail < topology.rails(); rail++) {
                        interfaces.add("net" + (rail + 1) + " (" + topology.devices.get(rail) + ")");
                    }
                }
                String pod = name(job) + "-worker-" + n;
                // a job that turns to another NCCL restarts: a new container run, whose log is read anew
                boolean withRas = ranksMissing(job, faults);
                String containerId = "containerd://" + Long.toHexString(seed * 31 + job * 7919L + n) + "-"
                        + mode.name().toLowerCase(Locale.ROOT) + (withRas ? "-nccl-2.29" : "");
                pods.add(new TrainingPod(
                        namespace(job),
                        pod,
                        name(job),
                        JOB_LABEL,
                        topology.nodeNames[node],
                        "Running",
                        topology.rails(),
                        interfaces,
                        mode == Mode.NO_DEBUG ? "WARN" : "INFO",
                        null,
                        "eth0",
                        List.of(new TrainingPod.Container("pytorch", containerId, started, false)),
                        addresses(job, n, mode),
                        withRas ? "0.0.0.0:28028" : null,
                        "pytorch"));
            }
        }
        return pods;
    }

    /**
     * With {@link Fault#NCCL_PEER_RAIL_DOWN}, the first job that runs on RDMA and has two pods or more fails: its
     * last pod runs on the node whose rail is down.
     */
    boolean peerFailure(int job, Set<Fault> faults) {
        if (!faults.contains(Fault.NCCL_PEER_RAIL_DOWN) || nodesPerJob() < 2) {
            return false;
        }
        for (int first = 0; first < jobs(); first++) {
            if (mode(first, faults) == Mode.RDMA) {
                return first == job;
            }
        }
        return false;
    }

    /**
     * With {@link Fault#NCCL_RANKS_MISSING}, the last job on RDMA (of two pods or more) runs NCCL 2.29, whose RAS
     * service reports its last worker's last rank missing ({@link SimulatedRas}).
     */
    boolean ranksMissing(int job, Set<Fault> faults) {
        if (!faults.contains(Fault.NCCL_RANKS_MISSING) || nodesPerJob() < 2) {
            return false;
        }
        for (int last = jobs() - 1; last >= 0; last--) {
            if (mode(last, faults) == Mode.RDMA) {
                return last == job;
            }
        }
        return false;
    }

    /** The job of a pod of this cell, by its name ({@code llm-pretrain-job-3-worker-1}). */
    static int jobOf(String pod) {
        return Integer.parseInt(pod.substring(pod.indexOf("-job-") + 5, pod.indexOf("-worker-")));
    }

    private boolean peerOnDownRail(int job, int n, Set<Fault> faults) {
        return n == nodesPerJob() - 1 && peerFailure(job, faults);
    }

    /** With {@link Fault#NCCL_SLOW_RANK}, worker 1 of the first job on RDMA runs on the node with the half-rate port. */
    boolean onHalfRateNode(int job, int n, Set<Fault> faults) {
        if (!faults.contains(Fault.NCCL_SLOW_RANK) || nodesPerJob() < 3 || n != 1) {
            return false;
        }
        for (int first = 0; first < jobs(); first++) {
            if (mode(first, faults) == Mode.RDMA) {
                return first == job;
            }
        }
        return false;
    }

    /** The pod network's address and one per rail, as Multus' network-status would list them. */
    private List<PodAddress> addresses(int job, int n, Mode mode) {
        List<PodAddress> addresses = new ArrayList<>();
        addresses.add(new PodAddress(podIp(job, n), "eth0", null));
        if (mode != Mode.SOCKET) {
            for (int rail = 0; rail < topology.rails(); rail++) {
                addresses.add(new PodAddress(railIp(job, n, rail), "net" + (rail + 1), topology.devices.get(rail)));
            }
        }
        return addresses;
    }

    static String podIp(int job, int n) {
        return "10.244." + (n % 250) + "." + (job + 2);
    }

    static String railIp(int job, int n, int rail) {
        return "10." + (101 + rail) + "." + (job + 2) + "." + (n + 1);
    }

    Mode mode(int job, Set<Fault> faults) {
        if (job == 0 && faults.contains(Fault.NCCL_SOCKET_FALLBACK)) {
            return Mode.SOCKET;
        }
        if (job == 1 % jobs() && jobs() > 1 && faults.contains(Fault.NCCL_NO_DEBUG)) {
            return Mode.NO_DEBUG;
        }
        return job == jobs() - 1 && jobs() > 2 ? Mode.NCCL_TESTS : Mode.RDMA;
    }

    String name(int job) {
        return (job == jobs() - 1 && jobs() > 2 ? "nccl-allreduce-job-" : "llm-pretrain-job-") + job;
    }

    private static String namespace(int job) {
        return "team-" + (char) ('a' + job % 3);
    }
}
