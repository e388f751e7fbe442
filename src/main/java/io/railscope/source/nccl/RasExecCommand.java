package io.railscope.source.nccl;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The command line of NCCL's own RAS client run in a job's container (src/ras/client.cc): {@code -t} the seconds NCCL
 * waits for its peers, {@code -f json} where the job's NCCL answers in JSON (2.28.7+; an older client refuses the
 * option), and {@code -h}/{@code -p} the address NCCL_RAS_ADDR sets, else the client's default, localhost:28028.
 * Each argument is its own word: nothing of the pod's env reaches a shell.
 */
public final class RasExecCommand {

    private RasExecCommand() {}

    public static List<String> of(String command, RasTarget.Where where, Duration timeout) {
        List<String> argv =
                new ArrayList<>(List.of(command, "-t", String.valueOf(Math.max(1, timeout.toSeconds() - 1))));
        if (json(where)) {
            argv.addAll(List.of("-f", "json"));
        }
        if (where.ncclRasAddr() != null) {
            RasTarget.Listen listen = RasTarget.Listen.of(where.ncclRasAddr());
            String host = listen.any() ? (listen.host().equals("::") ? "::1" : "127.0.0.1") : listen.host();
            argv.addAll(List.of("-h", host, "-p", String.valueOf(listen.port())));
        }
        return List.copyOf(argv);
    }

    /** Whether the client is asked for JSON: only where the job's NCCL is known to answer it. */
    public static boolean json(RasTarget.Where where) {
        return where.ncclVersion() != null && RasTarget.atLeast(where.ncclVersion(), 2, 28, 7);
    }
}
