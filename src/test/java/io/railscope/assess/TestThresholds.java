package io.railscope.assess;

import io.railscope.config.RailscopeConfig;

/** The documented default thresholds, for tests that run without Quarkus. */
public record TestThresholds(
        double symbolErrorsPerHour,
        double errorsPerSecond,
        double roceLossPerSecond,
        double congestionRatio,
        int bytesPerXmitWaitTick,
        double neighborCriticalRatio,
        double poolFreeWarningRatio,
        double pfcPauseRatio)
        implements RailscopeConfig.Thresholds {

    public static TestThresholds defaults() {
        return new TestThresholds(120, 1, 1, 0.05, 8, 0.9, 0.10, 0.01);
    }
}
