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

    /** The tier's switches: leaves, spines, cores. */
    public String name() {
        String one = switchOf(tier);
        return tier == 0 ? "leaves" : one.endsWith("switch") ? one + "es" : one + "s";
    }

    /** What one switch of {@code tier} is called: leaf, spine, core; switch where no link says its tier (-1). */
    public static String switchOf(int tier) {
        return switch (tier) {
            case 0 -> "leaf";
            case 1 -> "spine";
            case 2 -> "core";
            default -> tier < 0 ? "switch" : "tier-" + tier + " switch";
        };
    }
}
