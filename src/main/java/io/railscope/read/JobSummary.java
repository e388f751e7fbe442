package io.railscope.read;

import io.railscope.assess.JobVerdict;
import io.railscope.source.nccl.BusbwSource;
import java.time.Instant;

/** A job of a cell in a list: its verdict and why, its size and bandwidth. */
public record JobSummary(
        String namespace,
        String name,
        String transport,
        JobVerdict verdict,
        String reason,
        int nranks,
        int requestedRails,
        Double busbwGBps,
        BusbwSource busbwSource,
        Double baselineGBps,
        boolean running,
        Instant firstSeen,
        Instant lastSeen) {}
