package io.railscope.read;

/** A rail port that is not OK, and why. */
public record PortIssue(String node, int rail, String device, int port, String health, double rateGbps, String reason) {
}
