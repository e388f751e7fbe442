package io.railscope.read;

import java.util.List;

/**
 * One tier of a cell's switches (0 the leaves, 1 the spines above them, 2 the cores), as its last collection saw it:
 * how many switches it has, how many have unhealthy host ports below them, and the worst of those.
 */
public record FabricTier(int tier, int switches, int withUnhealthy, List<SwitchHealth> worst) {

    /** How many of a tier's worst switches the cell page lists. */
    public static final int WORST = 8;

    /** A switch and the host ports below it: all of them, and those not OK. */
    public record SwitchHealth(String name, int ports, int unhealthy) {}

    public String name() {
        return switch (tier) {
            case 0 -> "leaves";
            case 1 -> "spines";
            case 2 -> "cores";
            default -> "tier-" + tier + " switches";
        };
    }
}
