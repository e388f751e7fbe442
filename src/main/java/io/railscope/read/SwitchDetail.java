package io.railscope.read;

import io.railscope.model.PortHealth;
import io.railscope.source.CableSource;
import java.util.List;

/**
 * One switch of a cell as its last collection saw it: its tier (0 a leaf, 1 a spine, …; -1 where no link says), the
 * switches above and below it, the host ports cabled to it or to the leaves below it (both ends of each cable), the
 * rails they serve, and what is blamed on it or on a switch above it.
 */
public record SwitchDetail(
        String cell,
        String name,
        int tier,
        List<String> above,
        List<String> below,
        List<Port> ports,
        List<CellFabric.Blamed> blames) {

    /**
     * A host port below the switch: the node's end, the leaf's end, and where that cable was learned ({@code lldp},
     * {@code infiniband}, {@code labels}).
     */
    public record Port(
            String node,
            int rail,
            String device,
            String leaf,
            String switchPort,
            String chassisId,
            CableSource source,
            PortHealth health,
            String reason) {}

    /** Whether something is blamed on the switch itself, not only on a switch above it. */
    public boolean blamed() {
        return blames.stream().anyMatch(blamed -> blamed.blame().component().equals(name));
    }

    public long unhealthy() {
        return ports.stream().filter(port -> port.health() != PortHealth.OK).count();
    }

    /** The rails its host ports serve, in order: one in a rail-optimised fabric. */
    public List<Integer> rails() {
        return ports.stream().map(Port::rail).distinct().sorted().toList();
    }

    /** The nodes below it, by name. */
    public List<String> nodes() {
        return ports.stream().map(Port::node).distinct().sorted().toList();
    }

    /** What the tier is called: leaf, spine, core. */
    public String tierName() {
        return FabricTier.switchOf(tier);
    }

    /** The tier's name as a title begins: Leaf, Spine, Core. */
    public String tierTitle() {
        String name = tierName();
        return Character.toUpperCase(name.charAt(0)) + name.substring(1);
    }

    /** The sources its host ports' cables were learned from, in order. */
    public List<CableSource> sources() {
        return ports.stream().map(Port::source).distinct().sorted().toList();
    }
}
