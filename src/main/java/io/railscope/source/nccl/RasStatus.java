package io.railscope.source.nccl;

import com.fasterxml.jackson.databind.JsonNode;
import io.railscope.source.json.ClusterJson;
import java.io.IOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * What NCCL's RAS service said about a job, from its JSON status (client_support.cc, jsonWriteHeader and after: a
 * header with {@code nccl_version}, {@code communicators} each with {@code hash}, {@code size}, {@code ranks_count},
 * {@code missing_ranks_count}, its {@code ranks} with {@code status.async_error} and {@code status.abort_flag}, and its
 * {@code missing_ranks} with {@code status.unresponsive} and {@code status.considered_dead}), or the text NCCL before
 * 2.28.7 answers with, kept as it came; or why there is no status.
 *
 * @param queriedAt     when it was asked
 * @param address       the service asked, {@code ip:port}
 * @param error         why there is no status; null when there is one
 * @param ncclVersion   as the service reported it
 * @param communicators the communicators it reported, at most {@link #MAX_COMMUNICATORS}
 * @param missingRanks  processes (host and pid) missing from one of their communicators or more
 * @param deadRanks     of those, the ones RAS considers dead
 * @param errorRanks    processes reporting an asynchronous error or an abort
 * @param text          the status as text (NCCL before 2.28.7), at most {@link #MAX_TEXT} characters; null for JSON
 */
public record RasStatus(
        Instant queriedAt,
        String address,
        String error,
        String ncclVersion,
        List<Communicator> communicators,
        int missingRanks,
        int deadRanks,
        int errorRanks,
        String text) {

    static final int MAX_COMMUNICATORS = 64;
    static final int MAX_RANKS_LISTED = 32;
    static final int MAX_TEXT = 16_384;

    public RasStatus {
        communicators = communicators == null ? List.of() : List.copyOf(communicators);
    }

    /**
     * One communicator.
     *
     * @param missing the missing ranks, at most {@link #MAX_RANKS_LISTED}
     * @param failing ranks with an asynchronous error or an abort, at most {@link #MAX_RANKS_LISTED}
     */
    public record Communicator(
            String hash, int size, int ranks, int missingCount, List<MissingRank> missing, List<Integer> failing) {

        public Communicator {
            missing = missing == null ? List.of() : List.copyOf(missing);
            failing = failing == null ? List.of() : List.copyOf(failing);
        }
    }

    /** A rank RAS could not reach: unresponsive, or considered dead. */
    public record MissingRank(int rank, String host, int pid, boolean unresponsive, boolean dead) {}

    public static RasStatus failed(Instant at, String address, String error) {
        return new RasStatus(at, address, error, null, List.of(), 0, 0, 0, null);
    }

    /** The status in {@code answer}; a JSON answer that is not NCCL's is an error naming what is wrong. */
    public static RasStatus of(Instant at, String address, RasClient.Answer answer) {
        if (!answer.json()) {
            String text = answer.body();
            return new RasStatus(
                    at,
                    address,
                    null,
                    null,
                    List.of(),
                    0,
                    0,
                    0,
                    text.length() > MAX_TEXT ? text.substring(0, MAX_TEXT) : text);
        }
        JsonNode root;
        try {
            root = ClusterJson.read(answer.body());
        } catch (IOException e) {
            return failed(at, address, "the status is not JSON" + (answer.truncated() ? " (cut at 4 MiB)" : ""));
        }
        if (!root.isObject() || !root.path("communicators").isArray()) {
            return failed(at, address, "the status has no communicators list");
        }
        List<Communicator> communicators = new ArrayList<>();
        // one process is a rank of several communicators: processes are counted once, by host and pid
        Set<String> missing = new HashSet<>();
        Set<String> dead = new HashSet<>();
        Set<String> errors = new HashSet<>();
        for (JsonNode comm : root.path("communicators")) {
            List<MissingRank> lost = new ArrayList<>();
            for (JsonNode rank : comm.path("missing_ranks")) {
                boolean isDead = rank.path("status").path("considered_dead").asBoolean(false);
                String process =
                        rank.path("host").asText("?") + ":" + rank.path("pid").asText("?");
                missing.add(process);
                if (isDead) {
                    dead.add(process);
                }
                if (lost.size() < MAX_RANKS_LISTED) {
                    lost.add(new MissingRank(
                            rank.path("rank").asInt(-1),
                            rank.path("host").asText("?"),
                            rank.path("pid").asInt(-1),
                            rank.path("status").path("unresponsive").asBoolean(false),
                            isDead));
                }
            }
            List<Integer> failing = new ArrayList<>();
            for (JsonNode rank : comm.path("ranks")) {
                JsonNode status = rank.path("status");
                if (status.path("async_error").asInt(0) != 0
                        || status.path("abort_flag").asBoolean(false)) {
                    errors.add(rank.path("host").asText("?") + ":"
                            + rank.path("pid").asText("?"));
                    if (failing.size() < MAX_RANKS_LISTED) {
                        failing.add(rank.path("rank").asInt(-1));
                    }
                }
            }
            if (communicators.size() < MAX_COMMUNICATORS) {
                communicators.add(new Communicator(
                        comm.path("hash").asText("?"),
                        comm.path("size").asInt(0),
                        comm.path("ranks_count").asInt(0),
                        comm.path("missing_ranks_count").asInt(lost.size()),
                        lost,
                        failing));
            }
        }
        return new RasStatus(
                at,
                address,
                null,
                root.path("nccl_version").asText(null),
                communicators,
                missing.size(),
                dead.size(),
                errors.size(),
                null);
    }

    /** One line for pages and alerts. */
    public String summary() {
        if (error != null) {
            return "RAS at " + address + " could not be asked: " + error;
        }
        if (text != null) {
            return "RAS at " + address + " answered in text (NCCL before 2.28.7)";
        }
        return communicators.size() + " communicator" + (communicators.size() == 1 ? "" : "s") + "; "
                + (missingRanks == 0
                        ? "no rank missing"
                        : missingRanks + " rank" + (missingRanks == 1 ? "" : "s") + " missing (" + deadRanks + " dead)")
                + (errorRanks == 0 ? "" : "; " + errorRanks + " with an error or abort");
    }
}
