package io.railscope.source;

import io.railscope.model.Plane;

/** One node's block of a pool, with the addresses it can hold and those in use. */
public record NodeBlock(String node, Plane plane, String pool, String cidr, int capacity, int used) {}
