package io.railscope.read;

import io.railscope.model.PortHealth;
import java.util.List;

/**
 * One switch of a cell as its last collection saw it: the host ports cabled to it (both ends of each cable), the rails
 * they serve, and what is blamed on it.
 */
public record SwitchDetail(String cell, String name, List<Port> ports, List<CellFabric.Blamed> blames) {

    /** A host port cabled to the switch: the node's end and the switch's end. */
    public record Port(
            String node,
            int rail,
            String device,
            String switchPort,
            String chassisId,
            PortHealth health,
            String reason) {}

    public long unhealthy() {
        return ports.stream().filter(port -> port.health() != PortHealth.OK).count();
    }

    /** The rails its host ports serve, in order: one in a rail-optimised fabric. */
    public List<Integer> rails() {
        return ports.stream().map(Port::rail).distinct().sorted().toList();
    }

    /** The nodes cabled to it, by name. */
    public List<String> nodes() {
        return ports.stream().map(Port::node).distinct().sorted().toList();
    }
}
