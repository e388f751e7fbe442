package io.railscope.config;

import java.time.Duration;

/**
 * Whether and how often Railscope asks running jobs' NCCL RAS service for their status ({@code nccl.ras.*}).
 *
 * @param enabled  ask at all; off by default, since it opens a connection into the job's pod
 * @param interval at most once per this per job
 * @param timeout  a query's whole time; NCCL is told to wait for its peers a second less
 */
public record RasSettings(boolean enabled, Duration interval, Duration timeout) {

    public static final RasSettings OFF = new RasSettings(false, Duration.ofMinutes(1), Duration.ofSeconds(5));
}
