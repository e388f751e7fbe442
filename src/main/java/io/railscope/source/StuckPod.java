package io.railscope.source;

import java.time.Instant;

/** A pod waiting in ContainerCreating for longer than the cell allows, usually for want of an address. */
public record StuckPod(String namespace, String name, String node, Instant since) {}
