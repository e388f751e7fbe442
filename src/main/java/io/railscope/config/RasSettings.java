package io.railscope.config;

import java.time.Duration;

/**
 * Whether and how Railscope asks running jobs' NCCL RAS service for their status ({@code nccl.ras.*}).
 *
 * @param enabled  ask at all; off by default, since it reaches into the job's pod
 * @param interval at most once per this per job
 * @param timeout  a query's whole time; NCCL is told to wait for its peers a second less
 * @param mode     how the service is reached
 * @param command  the RAS client run inside the job's container in {@link Mode#EXEC} mode
 */
public record RasSettings(boolean enabled, Duration interval, Duration timeout, Mode mode, String command) {

    public static final String DEFAULT_COMMAND = "ncclras";

    public static final RasSettings OFF = new RasSettings(false, Duration.ofMinutes(1), Duration.ofSeconds(5));

    /** How the RAS service is reached. */
    public enum Mode {
        /** Over TCP at the address the job's NCCL_RAS_ADDR opens on the pod. */
        TCP,
        /** By running NCCL's own client in the job's container ({@code pods/exec}), where RAS listens on localhost. */
        EXEC
    }

    /**
     * How long an answer speaks for its job: two rounds and a query's timeout. Past that the job restarted, or was not
     * asked since.
     */
    public Duration answerLifetime() {
        return interval.multipliedBy(2).plus(timeout);
    }

    /** Asking over TCP. */
    public RasSettings(boolean enabled, Duration interval, Duration timeout) {
        this(enabled, interval, timeout, Mode.TCP, DEFAULT_COMMAND);
    }
}
