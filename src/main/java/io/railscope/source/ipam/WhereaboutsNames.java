package io.railscope.source.ipam;

/** whereabouts names an IPPool after its range, with '/' and ':' turned into '-' ({@code 10.0.0.0/24} → {@code 10.0.0.0-24}). */
final class WhereaboutsNames {

    private WhereaboutsNames() {
    }

    static String poolName(String range) {
        return range.replace('/', '-').replace(':', '-');
    }
}
