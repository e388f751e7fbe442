package io.railscope.assess;

import io.railscope.source.PortAttributes;

/** The attributes of a node's port on a rail, as the collection stores them. */
public record RailPortAttributes(String node, int rail, PortAttributes attributes) {}
