package io.railscope.source;

import io.railscope.model.IpFamily;

/**
 * One address family of a pool that has two (a dual-stack ServiceCIDR): the API server runs one allocator per
 * family (kubernetes pkg/registry/core/service/ipallocator, NewMetaAllocator per family), so each runs out on
 * its own.
 */
public record FamilyUsage(IpFamily family, long capacity, long allocated) {

    public long free() {
        return Math.max(0, capacity - allocated);
    }

    /** As stored: {@code IPv6:4095:12}. */
    public String encoded() {
        return family.number() + ":" + capacity + ":" + allocated;
    }

    /** What {@link #encoded()} wrote; throws {@link IllegalArgumentException} naming the text otherwise. */
    public static FamilyUsage decode(String text) {
        String[] parts = text.split(":");
        try {
            if (parts.length != 3 || !(parts[0].equals("4") || parts[0].equals("6"))) {
                throw new NumberFormatException();
            }
            return new FamilyUsage(
                    IpFamily.of(Integer.parseInt(parts[0])), Long.parseLong(parts[1]), Long.parseLong(parts[2]));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("not a family's usage (family:capacity:allocated): " + text);
        }
    }
}
