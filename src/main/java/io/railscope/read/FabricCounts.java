package io.railscope.read;

import io.railscope.fabric.BlameKind;
import java.util.Map;

/**
 * How much a cell's fabric blames at its last collection, without the blames: components and the ports they explain,
 * by kind, and the rail ports miswired.
 */
public record FabricCounts(Map<BlameKind, Integer> components, Map<BlameKind, Integer> ports, int miswired) {

    public int components(BlameKind kind) {
        return components.getOrDefault(kind, 0);
    }

    public int ports(BlameKind kind) {
        return ports.getOrDefault(kind, 0);
    }
}
