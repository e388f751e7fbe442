package io.railscope.source.sim;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.railscope.model.Fault;
import io.railscope.source.json.ClusterJson;
import io.railscope.source.nccl.RasClient;
import io.railscope.source.nccl.RasTarget;
import java.util.Set;

/**
 * The RAS service of a simulated job, answering as NCCL 2.29 does in JSON (src/ras/client_support.cc, as
 * testdata/nccl/ras/status-missing-rank.json): one communicator of all the job's ranks, each rank a process of its
 * worker's host; with {@link Fault#NCCL_RANKS_MISSING} the last worker's last rank is missing and considered dead.
 */
final class SimulatedRas {

    private final SimulatedJobs jobs;
    private final int rails;

    SimulatedRas(SimulatedJobs jobs, int rails) {
        this.jobs = jobs;
        this.rails = rails;
    }

    RasClient.Answer status(RasTarget.Where where, Set<Fault> faults) {
        int job = SimulatedJobs.jobOf(where.pod());
        boolean missing = jobs.ranksMissing(job, faults);
        int nranks = jobs.nodesPerJob() * rails;
        ObjectNode root = ClusterJson.object()
                .put("nccl_version", SimulatedJobs.RAS_NCCL_VERSION.split("\\+")[0])
                .put("communicators_count", 1);
        ObjectNode comm = root.putArray("communicators")
                .addObject()
                .put("hash", "0x5eed" + job)
                .put("size", nranks)
                .put("ranks_count", missing ? nranks - 1 : nranks)
                .put("missing_ranks_count", missing ? 1 : 0);
        ArrayNode ranks = comm.putArray("ranks");
        ArrayNode lost = comm.putArray("missing_ranks");
        for (int rank = 0; rank < nranks; rank++) {
            int gpu = rank % rails;
            ObjectNode process = ClusterJson.object()
                    .put("rank", rank)
                    .put("host", jobs.name(job) + "-worker-" + rank / rails)
                    .put("pid", 100 + gpu)
                    .put("cuda_dev", gpu)
                    .put("nvml_dev", gpu);
            if (missing && rank == nranks - 1) {
                process.putObject("status").put("unresponsive", true).put("considered_dead", true);
                lost.add(process);
            } else {
                process.putObject("status")
                        .put("init_state", 0)
                        .put("async_error", 0)
                        .put("finalize_called", false)
                        .put("destroy_flag", false)
                        .put("abort_flag", false);
                ranks.add(process);
            }
        }
        root.putObject("ras").put("collection_time_sec", 0.05).put("timeouts_count", missing ? 1 : 0);
        return new RasClient.Answer(true, root.toString(), false);
    }
}
