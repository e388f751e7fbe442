package io.railscope.read;

import io.railscope.model.PortHealth;

/** A rail port that is not OK, and why. */
public record PortIssue(
        String node, int rail, String device, int port, PortHealth health, double rateGbps, String reason) {}
