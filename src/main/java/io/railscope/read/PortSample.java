package io.railscope.read;

import java.time.Instant;

/** A rail port's rates at one sample of its history. */
public record PortSample(
        Instant at,
        Double rxBytesPerSecond,
        Double txBytesPerSecond,
        int health,
        Double errorsPerSecond,
        Double symbolErrorsPerHour) {}
