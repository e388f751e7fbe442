package io.railscope.read;

import java.time.Instant;

/**
 * A rail's RoCE congestion at one sample: CNPs (sent and handled) and ECN-marked packets per second summed over its
 * ports, and the largest share of time one of its ports was paused by PFC or waited to transmit; null where no port
 * had the counter.
 */
public record RailSample(
        Instant at,
        int ports,
        Double cnpPerSecond,
        Double ecnMarkedPerSecond,
        Double maxPfcPauseRatio,
        Double maxCongestionRatio) {}
