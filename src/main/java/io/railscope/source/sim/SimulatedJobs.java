package io.railscope.source.sim;

import io.railscope.model.Fault;
import io.railscope.source.NcclJobObservation;
import io.railscope.source.NcclRankObservation;
import io.railscope.source.NcclSnapshot;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;

/** Training jobs of a simulated cell, eight ranks per node; the first one falls back to sockets on demand. */
final class SimulatedJobs {

    private static final String NCCL_VERSION = "2.21.5+cuda12.4";
    private static final double BUSBW_RDMA_GBPS = 350;
    private static final double BUSBW_SOCKET_GBPS = 78;
    private static final int MAX_JOBS = 12;
    private static final int MAX_NODES_PER_JOB = 16;

    private final SimulatedTopology topology;
    private final long seed;

    SimulatedJobs(SimulatedTopology topology, long seed) {
        this.topology = topology;
        this.seed = seed;
    }

    NcclSnapshot snapshot(double hoursRunning, Set<Fault> faults) {
        int jobs = Math.max(1, Math.min(MAX_JOBS, topology.nodes / 64));
        int nodesPerJob = Math.max(1, Math.min(MAX_NODES_PER_JOB, topology.nodes / jobs));
        SplittableRandom random = new SplittableRandom(seed + (long) hoursRunning);
        List<NcclJobObservation> observations = new ArrayList<>(jobs);
        for (int job = 0; job < jobs; job++) {
            boolean socket = job == 0 && faults.contains(Fault.NCCL_SOCKET_FALLBACK);
            observations.add(job(job, job * nodesPerJob, nodesPerJob, socket, random));
        }
        return new NcclSnapshot(observations);
    }

    private NcclJobObservation job(int job, int firstNode, int nodes, boolean socket, SplittableRandom random) {
        String name = "llm-pretrain-" + job;
        int rails = topology.rails();
        List<String> hcas = topology.devices.stream().map(device -> device + ":1").toList();
        List<NcclRankObservation> ranks = new ArrayList<>(nodes * rails);
        for (int n = 0; n < nodes; n++) {
            int node = (firstNode + n) % topology.nodes;
            String pod = name + "-worker-" + n;
            for (int gpu = 0; gpu < rails; gpu++) {
                ranks.add(new NcclRankObservation(n * rails + gpu, pod, topology.nodeNames[node], NCCL_VERSION,
                        socket ? "Socket" : "IB", socket ? List.of() : hcas, !socket, true));
            }
        }
        double busbw = (socket ? BUSBW_SOCKET_GBPS : BUSBW_RDMA_GBPS) * (0.95 + 0.1 * random.nextDouble());
        return new NcclJobObservation("team-" + (char) ('a' + job % 3), name, socket ? "Socket" : "IB",
                ranks.size(), rails, busbw, ranks, List.of());
    }
}
