package io.railscope.source.nccl;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;

/**
 * NCCL Inspector JSON lines ({@code {"header":{id, rank, n_ranks, nnodes},"metadata":{hostname, pid, …},
 * "coll_perf":{coll, coll_msg_size_bytes, coll_busbw_gbs, …}}}, plugins/profiler/inspector/README.md): the bus
 * bandwidth of the largest collectives, which are the ones bound by the network, for the log as a whole and for each
 * rank (its host, process and communicator rank). Lines that are not Inspector JSON are ignored.
 */
final class InspectorLines {

    private static final ObjectMapper JSON = new ObjectMapper();
    /** Ranks tracked at most in one log: a pushed log holds at most a few thousand hosts' ranks. */
    private static final int MAX_RANKS = 100_000;

    private final Largest all = new Largest();
    private final Map<String, Largest> byRank = new HashMap<>();

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

    void line(String text) {
        if (!text.contains("\"coll_perf\"")) {
            return;
        }
        JsonNode record;
        try {
            record = JSON.readTree(text.substring(Math.max(0, text.indexOf('{'))));
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
        int rank = record.path("header").path("rank").asInt(-1);
        String host = record.path("metadata").path("hostname").asText(null);
        long pid = record.path("metadata").path("pid").asLong(-1);
        if (rank >= 0
                && host != null
                && pid >= 0
                && (byRank.size() < MAX_RANKS || byRank.containsKey(key(host, pid, rank)))) {
            byRank.computeIfAbsent(key(host, pid, rank), k -> new Largest()).add(size, busbw);
        }
    }

    /** The mean bus bandwidth of the largest collectives seen, NaN when none. */
    double busbwGBps() {
        return all.mean();
    }

    /** One rank's: the process on {@code host} (its first label, as NCCL's prefix prints it) with {@code rank}. */
    Double busbwOf(String host, long pid, int rank) {
        Largest own = byRank.get(key(host, pid, rank));
        return own == null || own.count == 0 ? null : own.mean();
    }

    private static String key(String host, long pid, int rank) {
        int dot = host.indexOf('.');
        return (dot < 0 ? host : host.substring(0, dot)).toLowerCase(Locale.ROOT) + ":" + pid + ":" + rank;
    }
}
