package io.railscope.source.ipam;

import io.railscope.config.IpamSettings;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Which rail a backend pool serves. In order: the cell's {@code rails.pools} list (pool name per
 * rail, first is rail 1); the rail number in the name of the NetworkAttachmentDefinition that uses the
 * pool ({@code rail3}, {@code roce-rail-3}, {@code rail-0-plane-1}); the same in the pool's own name. A name
 * that does not say rail carries none ({@code pool1}, {@code nad-2}): such a pool is on no rail and the rail
 * symmetry checks leave it out.
 * Names count from {@code rails.first-index}; without it, from 0 when a cell names a rail network
 * {@code …rail-0} (as NVIDIA's examples do, {@code rail-0} … {@code rail-7}) and from 1 otherwise.
 * A number outside the cell's rails maps to no rail.
 */
public final class RailMapping {

    /** The number after "rail" ({@code rail-3}, {@code rail3}, {@code rail-0-plane-1}, {@code rail0p1}): a plane suffix is no rail. */
    private static final Pattern RAIL_NUMBER = Pattern.compile("rail[-_]?(\\d+)", Pattern.CASE_INSENSITIVE);

    private static final Pattern RAIL_ZERO = Pattern.compile("rail[-_]?0+(?!\\d)", Pattern.CASE_INSENSITIVE);

    private final int rails;
    private final List<String> configuredPools;
    private final Optional<Integer> firstIndex;
    private final boolean inferred;

    public RailMapping(int rails, List<String> configuredPools) {
        this(rails, configuredPools, Optional.empty(), false);
    }

    private RailMapping(int rails, List<String> configuredPools, Optional<Integer> firstIndex, boolean inferred) {
        this.rails = rails;
        this.configuredPools = List.copyOf(configuredPools);
        this.firstIndex = firstIndex;
        this.inferred = inferred;
    }

    public static RailMapping of(int rails, IpamSettings ipam) {
        return new RailMapping(rails, ipam.railPools(), ipam.railFirstIndex(), false);
    }

    /** This mapping for a cell whose rail pools and networks have these names: the first index settled. */
    public RailMapping forNames(Collection<String> names) {
        if (firstIndex.isPresent()) {
            return this;
        }
        boolean fromZero = names.stream()
                .anyMatch(name -> name != null && RAIL_ZERO.matcher(name).find());
        return new RailMapping(rails, configuredPools, Optional.of(fromZero ? 0 : 1), fromZero);
    }

    /** What a reader of the cell should know about how rails were numbered, when it was inferred. */
    public Optional<String> notice() {
        return inferred
                ? Optional.of("rail networks are numbered from 0 (a name ends in rail-0): rail-0 is rail 1, rail-"
                        + (rails - 1) + " is rail " + rails + "; set rails.first-index to say so explicitly")
                : Optional.empty();
    }

    /** The rail of the pool, or null. {@code attachmentName} is the NAD using it, or null. */
    public Integer railOf(String poolName, String attachmentName) {
        int configured = poolName == null ? -1 : configuredPools.indexOf(poolName);
        if (configured >= 0) {
            return configured + 1;
        }
        if (!configuredPools.isEmpty()) {
            return null;
        }
        Integer fromAttachment = trailingRail(attachmentName, firstIndex.orElse(1));
        return fromAttachment != null ? fromAttachment : trailingRail(poolName, firstIndex.orElse(1));
    }

    /** Whether the pool or NAD serves a rail, whatever number the cell's rail names start from. */
    public boolean isRailNetwork(String poolName, String attachmentName) {
        if (firstIndex.isPresent() || !configuredPools.isEmpty()) {
            return railOf(poolName, attachmentName) != null;
        }
        return forNames(List.of(String.valueOf(poolName), String.valueOf(attachmentName)))
                        .railOf(poolName, attachmentName)
                != null;
    }

    private Integer trailingRail(String name, int first) {
        if (name == null) {
            return null;
        }
        // only a name that says rail carries one: pool1 or nad-2 is a second pool or network, not rail 1 or 2
        Matcher matcher = RAIL_NUMBER.matcher(name);
        if (!matcher.find() || matcher.group(1).length() > 6) {
            return null;
        }
        int rail = Integer.parseInt(matcher.group(1)) - first + 1;
        return rail >= 1 && rail <= rails ? rail : null;
    }
}
