package io.railscope.fabric;

import io.railscope.source.CableSource;

/**
 * The cable of one rail port of a node: the switch and switch port it leads to, the switch's chassis id, and where
 * Railscope learned it.
 */
public record RailCable(
        String node, int rail, String switchName, String switchPort, String chassisId, CableSource source) {}
