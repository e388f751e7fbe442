package io.railscope.read;

import io.railscope.model.PortHealth;

/** A rail port's current state and rates as the last collection assessed them; rates are null before the second. */
public record PortState(
        String node,
        int rail,
        String device,
        int port,
        int stateId,
        int physicalStateId,
        double rateGbps,
        Double rxBytesPerSecond,
        Double txBytesPerSecond,
        Double symbolErrorsPerHour,
        Double errorsPerSecond,
        int linkDownedIncrease,
        Double congestionRatio,
        PortHealth health,
        String reason,
        Double cnpPerSecond,
        Double ecnMarkedPerSecond,
        Double pfcPauseRatio) {}
