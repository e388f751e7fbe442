package io.railscope.assess;

import io.railscope.model.PortHealth;
import java.time.Instant;

/** A rail port's health at one sample. */
public record PortHealthSample(Instant at, PortHealth health) {}
