package io.railscope.source.sim;

import io.railscope.model.Fault;
import io.railscope.source.nccl.NcclLogFacts;
import io.railscope.source.nccl.NcclLogParser;
import io.railscope.source.nccl.PodAddress;
import io.railscope.source.nccl.TrainingPod;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.SplittableRandom;

/**
 * Training jobs of a simulated cell as their pods and their logs: one pod per node with eight ranks
 * each, NCCL INFO lines as NCCL 2.21 prints them on RoCE with GPUDirect RDMA, an NCCL Inspector line
 * with the bus bandwidth, and the last job an nccl-tests run. Faults make the first job restart on
 * sockets, or the second run without NCCL INFO logging. The logs go through the same parser and
 * assembly as a real cell's.
 */
final class SimulatedJobs {

    private static final String NCCL_VERSION = "2.21.5+cuda12.4";
    /** The job whose ranks RAS reports missing runs a NCCL with RAS and its JSON status (2.28.7+). */
    static final String RAS_NCCL_VERSION = "2.29.2+cuda12.9";

    private static final String JOB_LABEL = "training.kubeflow.org/job-name";
    private static final double BUSBW_RDMA_GBPS = 350;
    private static final double BUSBW_SOCKET_GBPS = 78;
    private static final int MAX_JOBS = 12;
    private static final int MAX_NODES_PER_JOB = 16;

    private enum Mode {
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

    /** The NCCL facts of a pod's log, as a real cell would read them from the API. */
    NcclLogFacts log(String pod, Set<Fault> faults) {
        int job = jobOf(pod);
        int n = Integer.parseInt(pod.substring(pod.indexOf("-worker-") + 8));
        String text = logText(
                job,
                n,
                mode(job, faults),
                onHalfRateNode(job, n, faults),
                ranksMissing(job, faults) ? RAS_NCCL_VERSION : NCCL_VERSION);
        if (n == 0 && peerFailure(job, faults)) {
            text += peerCompletionError(job);
        }
        return NcclLogParser.parse(text);
    }

    /**
     * With {@link Fault#NCCL_PEER_RAIL_DOWN}, the first job that runs on RDMA and has two pods or more fails: its
     * last pod runs on the node whose rail is down.
     */
    private boolean peerFailure(int job, Set<Fault> faults) {
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
    private boolean onHalfRateNode(int job, int n, Set<Fault> faults) {
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

    /**
     * What worker 0 of a failing job logs when its sends to the last worker fail on the down rail: NCCL 2.21's
     * net_ib.cc line (its OOB socket is the peer's eth0; the GIDs carry both ends' RoCE addresses), then the error
     * PyTorch raises.
     */
    private String peerCompletionError(int job) {
        int rail = topology.faultRail(SimulatedPorts.RAIL_DOWN);
        int peer = nodesPerJob() - 1;
        String prefix = name(job) + "-worker-0:" + (100 + rail) + ":" + (300 + rail) + " [" + rail + "] ";
        return prefix + "transport/net_ib.cc:1909 NCCL WARN NET/IB : Got completion from peer " + podIp(job, peer)
                + "<52011> with status=12 opcode=0 len=0 vendor err 129 (Send) localGid ::ffff:" + railIp(job, 0, rail)
                + " remoteGids::ffff:" + railIp(job, peer, rail) + "\n"
                + prefix + "NCCL INFO transport/net.cc:1298 -> 6\n"
                + "torch.distributed.DistBackendError: NCCL error in: ProcessGroupNCCL.cpp:1970, remote process exited or"
                + " there was a network error, NCCL version " + NCCL_VERSION
                + "\nncclRemoteError: A call failed possibly"
                + " due to a network error or a remote process exiting prematurely.\n";
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

    private static String podIp(int job, int n) {
        return "10.244." + (n % 250) + "." + (job + 2);
    }

    private static String railIp(int job, int n, int rail) {
        return "10." + (101 + rail) + "." + (job + 2) + "." + (n + 1);
    }

    private Mode mode(int job, Set<Fault> faults) {
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

    String logText(int job, int n, Mode mode) {
        return logText(job, n, mode, false, NCCL_VERSION);
    }

    /**
     * @param halfRate the pod runs on the node whose port on one rail trained at half rate: that GPU's rank is slow
     * @param version  the NCCL version the job runs
     */
    String logText(int job, int n, Mode mode, boolean halfRate, String version) {
        StringBuilder log = new StringBuilder(8192);
        String host = name(job) + "-worker-" + n;
        int rails = topology.rails();
        int nranks = nodesPerJob() * rails;
        log.append("[rank").append(n * rails).append("]: initializing torch.distributed with backend nccl\n");
        if (mode == Mode.NO_DEBUG) {
            return log.append("step 100 | loss 2.41 | tokens/s 401234\n").toString();
        }
        String ip = podIp(job, n);
        String[] perRank = new String[rails];
        for (int gpu = 0; gpu < rails; gpu++) {
            perRank[gpu] = host + ":" + (100 + gpu) + ":" + (200 + gpu) + " [" + gpu + "] NCCL INFO ";
        }
        for (int gpu = 0; gpu < rails; gpu++) {
            log.append(perRank[gpu]).append("NCCL version ").append(version).append('\n');
        }
        for (int gpu = 0; gpu < rails; gpu++) {
            if (mode == Mode.SOCKET) {
                log.append(perRank[gpu]).append("NET/IB : No device found.\n");
                log.append(perRank[gpu])
                        .append("NET/Socket : Using [0]eth0:")
                        .append(ip)
                        .append("<0>\n");
                log.append(perRank[gpu]).append("Using network Socket\n");
            } else {
                log.append(perRank[gpu]).append("NET/IB : Using");
                for (int rail = 0; rail < rails; rail++) {
                    log.append(" [")
                            .append(rail)
                            .append(']')
                            .append(topology.devices.get(rail))
                            .append(":1/RoCE");
                }
                log.append(" [RO]; OOB eth0:").append(ip).append("<0>\n");
                log.append(perRank[gpu]).append("Using network IB\n");
            }
        }
        for (int gpu = 0; gpu < rails; gpu++) {
            int rank = n * rails + gpu;
            String via = mode == Mode.SOCKET ? "NET/Socket/0" : "NET/IB/" + gpu + "/GDRDMA";
            log.append(perRank[gpu])
                    .append("Channel 00/0 : ")
                    .append((rank + nranks - rails) % nranks)
                    .append('[')
                    .append(gpu)
                    .append("] -> ")
                    .append(rank)
                    .append('[')
                    .append(gpu)
                    .append("] [receive] via ")
                    .append(via)
                    .append('\n');
            log.append(perRank[gpu])
                    .append("Channel 01/0 : ")
                    .append(rank)
                    .append('[')
                    .append(gpu)
                    .append("] -> ")
                    .append((rank + rails) % nranks)
                    .append('[')
                    .append(gpu)
                    .append("] [send] via ")
                    .append(via)
                    .append('\n');
            log.append(perRank[gpu])
                    .append("ncclCommInitRank comm 0x")
                    .append(Integer.toHexString(0x7f000 + rank))
                    .append(" rank ")
                    .append(rank)
                    .append(" nranks ")
                    .append(nranks)
                    .append(" cudaDev ")
                    .append(gpu)
                    .append(" nvmlDev ")
                    .append(gpu)
                    .append(" busId ")
                    .append(Integer.toHexString(0x18000 + gpu * 0x12000))
                    .append(" commId 0x5eed")
                    .append(job)
                    .append(" - Init COMPLETE\n");
        }
        double busbw = (mode == Mode.SOCKET ? BUSBW_SOCKET_GBPS : BUSBW_RDMA_GBPS)
                * (0.95 + 0.1 * new SplittableRandom(seed + job).nextDouble());
        if (mode == Mode.NCCL_TESTS && n == 0) {
            log.append("# Out of bounds values : 0 OK\n");
            log.append(String.format(Locale.ROOT, "# Avg bus bandwidth    : %.2f%n", busbw));
        } else if (mode != Mode.NCCL_TESTS) {
            // NCCL Inspector: one line per rank for its largest AllReduce; a GPU on a half-rate rail sees half
            int slowGpu = halfRate ? topology.faultRail(SimulatedPorts.RAIL_HALF_RATE) : -1;
            for (int gpu = 0; gpu < rails; gpu++) {
                double own = busbw * (gpu == slowGpu ? 0.5 : 1 + 0.01 * (gpu % 3));
                log.append(String.format(
                        Locale.ROOT,
                        "{\"header\":{\"id\":\"0x5eed%d\",\"rank\":%d,\"n_ranks\":%d,\"nnodes\":%d},\"metadata\":"
                                + "{\"inspector_output_format_version\":\"v4.0\",\"hostname\":\"%s\",\"pid\":%d},\"coll_perf\":{\"coll\":\"AllReduce\","
                                + "\"coll_sn\":1,\"coll_msg_size_bytes\":4294967296,\"coll_exec_time_us\":%d,\"coll_algobw_gbs\":%.3f,\"coll_busbw_gbs\":%.3f}}%n",
                        job,
                        n * rails + gpu,
                        nranks,
                        nodesPerJob(),
                        host,
                        100 + gpu,
                        (long) (4294967296.0 / (own / 2 * 1e9) * 1e6),
                        own / 2,
                        own));
            }
        }
        return log.append("step 100 | loss 2.41 | tokens/s 401234\n").toString();
    }
}
