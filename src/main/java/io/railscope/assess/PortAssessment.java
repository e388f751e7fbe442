package io.railscope.assess;

import io.railscope.model.PortHealth;

/**
 * One rail port after assessment: its link, its rates over the last interval, and the verdict.
 * Rates are NaN on the first reading of a port, when there is nothing to compare against.
 * {@code cnpPerSecond} (CNPs sent and handled) and {@code ecnMarkedPerSecond} show RoCE congestion
 * being handled; they inform and do not change the verdict. {@code pfcPauseRatio} is the share of the interval
 * PFC paused the port, {@code cnpIgnoredPerSecond} the CNPs it did not act on; NaN where the port has no such counter.
 */
public record PortAssessment(
        String node,
        int rail,
        String device,
        int port,
        int stateId,
        int physicalStateId,
        double rateGbps,
        double rxBytesPerSecond,
        double txBytesPerSecond,
        double symbolErrorsPerHour,
        double errorsPerSecond,
        long linkDownedIncrease,
        double congestionRatio,
        PortHealth health,
        String reason,
        double cnpPerSecond,
        double ecnMarkedPerSecond,
        double pfcPauseRatio,
        double cnpIgnoredPerSecond) {}
