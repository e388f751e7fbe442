package io.railscope.source.ipam;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Which rail a backend pool serves. In order: the cell's {@code rails.pools} list (pool name per
 * rail, first is rail 1); the number at the end of the name of the NetworkAttachmentDefinition that
 * uses the pool ({@code rail3}, {@code roce-rail-3}); the number at the end of the pool's own name.
 * A number outside 1..rails maps to no rail.
 */
public final class RailMapping {

    private static final Pattern TRAILING_NUMBER = Pattern.compile("(\\d+)\\D*$");

    private final int rails;
    private final List<String> configuredPools;

    public RailMapping(int rails, List<String> configuredPools) {
        this.rails = rails;
        this.configuredPools = List.copyOf(configuredPools);
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
        Integer fromAttachment = trailingNumber(attachmentName);
        return fromAttachment != null ? fromAttachment : trailingNumber(poolName);
    }

    private Integer trailingNumber(String name) {
        if (name == null) {
            return null;
        }
        Matcher matcher = TRAILING_NUMBER.matcher(name);
        if (!matcher.find()) {
            return null;
        }
        int rail = Integer.parseInt(matcher.group(1));
        return rail >= 1 && rail <= rails ? rail : null;
    }
}
