package io.railscope.assess;

import io.railscope.model.PortHealth;

/**
 * One rail port after assessment: its link, its rates over the last interval, and the verdict.
 * Rates are NaN on the first reading of a port, when there is nothing to compare against.
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
        String reason) {
}
