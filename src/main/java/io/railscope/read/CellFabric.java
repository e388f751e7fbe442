package io.railscope.read;

import io.railscope.fabric.FabricBlame;
import io.railscope.fabric.Miswiring;
import java.time.Instant;
import java.util.List;

/**
 * A cell's fabric as its last collection saw it: how many switches its rail ports are cabled to, how many ports'
 * cables are known, its switches tier by tier, what the unhealthy ports are blamed on, the switches first, and the
 * ports cabled to another rail's leaf.
 */
public record CellFabric(
        int switches, int cabledPorts, List<FabricTier> tiers, List<Blamed> blames, List<MiswiredPort> miswired) {

    /** A blame and the time it was first made, at the collection that made it. */
    public record Blamed(FabricBlame blame, Instant since) {}

    /** A miswired rail port and the time it was first found so. */
    public record MiswiredPort(Miswiring.Miswired port, Instant since) {}

    /** How many blames the cell page lists; the API gives them all. */
    public static final int SHOWN = 40;

    /** The blames the cell page lists: the first {@link #SHOWN}, switches and rails first. */
    public List<Blamed> shown() {
        return blames.subList(0, Math.min(SHOWN, blames.size()));
    }

    /** How many blames the cell page does not list. */
    public int hidden() {
        return blames.size() - shown().size();
    }

    /** How many unhealthy ports the blames explain. */
    public int portsExplained() {
        return blames.stream().mapToInt(blamed -> blamed.blame().ports()).sum();
    }
}
