package io.railscope.fabric;

/** The cable of one rail port of a node: the switch and switch port it leads to, and the switch's chassis id. */
public record RailCable(String node, int rail, String switchName, String switchPort, String chassisId) {}
