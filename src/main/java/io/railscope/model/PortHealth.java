package io.railscope.model;

/** Verdict on one rail port: up and at full health, up but impaired, or not carrying traffic. */
public enum PortHealth {
    OK,
    DEGRADED,
    DOWN
}
