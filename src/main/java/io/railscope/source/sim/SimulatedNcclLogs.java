package io.railscope.source.sim;

import io.railscope.model.Fault;
import io.railscope.source.nccl.NcclLogFacts;
import io.railscope.source.nccl.NcclLogParser;
import io.railscope.source.sim.SimulatedJobs.Mode;
import java.util.Locale;
import java.util.Set;
import java.util.SplittableRandom;

/**
 * What the pods of a simulated cell's training jobs log: NCCL INFO lines as NCCL 2.21 prints them on RoCE with
 * GPUDirect RDMA (or on sockets), an NCCL Inspector line per rank with the bus bandwidth, nccl-tests' summary, and
 * the errors of a failing job. The logs go through the same parser and assembly as a real cell's.
 */
final class SimulatedNcclLogs {

    private static final double BUSBW_RDMA_GBPS = 350;
    private static final double BUSBW_SOCKET_GBPS = 78;

    private final SimulatedJobs jobs;
    private final SimulatedTopology topology;
    private final long seed;

    SimulatedNcclLogs(SimulatedJobs jobs, SimulatedTopology topology, long seed) {
        this.jobs = jobs;
        this.topology = topology;
        this.seed = seed;
    }

    /** The NCCL facts of a pod's log, as a real cell would read them from the API. */
    NcclLogFacts log(String pod, Set<Fault> faults) {
        int job = SimulatedJobs.jobOf(pod);
        int n = Integer.parseInt(pod.substring(pod.indexOf("-worker-") + 8));
        String text = text(
                job,
                n,
                jobs.mode(job, faults),
                jobs.onHalfRateNode(job, n, faults),
                jobs.ranksMissing(job, faults) ? SimulatedJobs.RAS_NCCL_VERSION : SimulatedJobs.NCCL_VERSION);
        if (n == 0 && jobs.peerFailure(job, faults)) {
            text += peerCompletionError(job);
        }
        return NcclLogParser.parse(text);
    }

    /**
     * What worker 0 of a failing job logs when its sends to the last worker fail on the down rail: NCCL 2.21's
     * net_ib.cc line (its OOB socket is the peer's eth0; the GIDs carry both ends' RoCE addresses), then the error
     * PyTorch raises.
     */
    private String peerCompletionError(int job) {
        int rail = topology.faultRail(SimulatedPorts.RAIL_DOWN);
        int peer = jobs.nodesPerJob() - 1;
        String prefix = jobs.name(job) + "-worker-0:" + (100 + rail) + ":" + (300 + rail) + " [" + rail + "] ";
        return prefix + "transport/net_ib.cc:1909 NCCL WARN NET/IB : Got completion from peer "
                + SimulatedJobs.podIp(job, peer)
                + "<52011> with status=12 opcode=0 len=0 vendor err 129 (Send) localGid ::ffff:"
                + SimulatedJobs.railIp(job, 0, rail)
                + " remoteGids::ffff:" + SimulatedJobs.railIp(job, peer, rail) + "\n"
                + prefix + "NCCL INFO transport/net.cc:1298 -> 6\n"
                + "torch.distributed.DistBackendError: NCCL error in: ProcessGroupNCCL.cpp:1970, remote process exited or"
                + " there was a network error, NCCL version " + SimulatedJobs.NCCL_VERSION
                + "\nncclRemoteError: A call failed possibly"
                + " due to a network error or a remote process exiting prematurely.\n";
    }

    /**
     * @param halfRate the pod runs on the node whose port on one rail trained at half rate: that GPU's rank is slow
     * @param version  the NCCL version the job runs
     */
    private String text(int job, int n, Mode mode, boolean halfRate, String version) {
        StringBuilder log = new StringBuilder(8192);
        String host = jobs.name(job) + "-worker-" + n;
        int rails = topology.rails();
        int nranks = jobs.nodesPerJob() * rails;
        log.append("[rank").append(n * rails).append("]: initializing torch.distributed with backend nccl\n");
        if (mode == Mode.NO_DEBUG) {
            return log.append("step 100 | loss 2.41 | tokens/s 401234\n").toString();
        }
        String ip = SimulatedJobs.podIp(job, n);
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
                        jobs.nodesPerJob(),
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
