package io.railscope.source.nccl;

import com.fasterxml.jackson.databind.JsonNode;
import io.railscope.source.json.ClusterJson;
import java.io.IOException;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;

/**
 * NCCL Inspector JSON lines ({@code {"header":{id, rank, n_ranks, nnodes},"metadata":{hostname, pid, …},
 * "coll_perf":{coll, coll_msg_size_bytes, coll_busbw_gbs, …}}}, plugins/profiler/inspector/README.md): the bus
 * bandwidth of the largest collectives, which are the ones bound by the network, for the log as a whole and for each
 * rank: per process (host and pid) and communicator ({@code header.id}), the process's rank in its largest
 * communicator (the most ranks), which is the job's rank NCCL's INFO lines describe. A process's ranks in smaller
 * communicators (tensor-parallel groups on NVLink) are not mixed in. Lines that are not Inspector JSON are ignored.
 */
final class InspectorLines {

    /** Process-communicator pairs tracked at most in one log: a pushed log holds at most a few thousand hosts' ranks. */
    private static final int MAX_TRACKED = 100_000;

    private final Largest all = new Largest();
    /** By process ({@code host:pid}), by communicator id. */
    private final Map<String, Map<String, Comm>> byProcess = new HashMap<>();

    private int tracked;

    /** The mean bus bandwidth of the largest collectives seen. */
    private static final class Largest {
        long size = -1;
        double sum;
        int count;

        void add(long messageSize, double busbw) {
            if (messageSize > size) {
                size = messageSize;
                sum = 0;
                count = 0;
            }
            if (messageSize == size) {
                sum += busbw;
                count++;
            }
        }

        double mean() {
            return count == 0 ? Double.NaN : sum / count;
        }
    }

    /** One process's view of one communicator. */
    private static final class Comm {
        final int nRanks;
        final int rank;
        final Largest busbw = new Largest();

        Comm(int nRanks, int rank) {
            this.nRanks = nRanks;
            this.rank = rank;
        }
    }

    void line(String text) {
        if (!text.contains("\"coll_perf\"")) {
            return;
        }
        JsonNode record;
        try {
            record = ClusterJson.read(text.substring(Math.max(0, text.indexOf('{'))));
        } catch (IOException e) {
            return;
        }
        JsonNode perf = record.path("coll_perf");
        long size = perf.path("coll_msg_size_bytes").asLong(-1);
        double busbw = perf.path("coll_busbw_gbs").asDouble(Double.NaN);
        if (size < 0 || !Double.isFinite(busbw)) {
            return;
        }
        all.add(size, busbw);
        JsonNode header = record.path("header");
        int rank = header.path("rank").asInt(-1);
        String host = record.path("metadata").path("hostname").asText(null);
        long pid = record.path("metadata").path("pid").asLong(-1);
        if (rank < 0 || host == null || pid < 0) {
            return;
        }
        Map<String, Comm> comms = byProcess.computeIfAbsent(process(host, pid), k -> new HashMap<>());
        String id = header.path("id").asText("");
        Comm comm = comms.get(id);
        if (comm == null) {
            if (tracked >= MAX_TRACKED) {
                return;
            }
            tracked++;
            comm = new Comm(header.path("n_ranks").asInt(-1), rank);
            comms.put(id, comm);
        }
        comm.busbw.add(size, busbw);
    }

    /** The mean bus bandwidth of the largest collectives seen, NaN when none. */
    double busbwGBps() {
        return all.mean();
    }

    /**
     * One rank's: the process on {@code host} (its first label, as NCCL's prefix prints it), in its largest
     * communicator, when its rank there is {@code rank}.
     */
    Double busbwOf(String host, long pid, int rank) {
        Map<String, Comm> comms = byProcess.get(process(host, pid));
        if (comms == null) {
            return null;
        }
        Comm largest = null;
        for (Comm comm : comms.values()) {
            if (largest == null || comm.nRanks > largest.nRanks) {
                largest = comm;
            }
        }
        return largest == null || largest.rank != rank || largest.busbw.count == 0 ? null : largest.busbw.mean();
    }

    private static String process(String host, long pid) {
        int dot = host.indexOf('.');
        return (dot < 0 ? host : host.substring(0, dot)).toLowerCase(Locale.ROOT) + ":" + pid;
    }
}
