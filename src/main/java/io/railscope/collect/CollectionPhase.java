package io.railscope.collect;

import java.time.Duration;

/**
 * When in its interval a cell is collected: a phase taken from the cell's name, so that the cells of one replica do
 * not all start at the same instant (a burst that makes every collection of the burst slower, and the database take
 * every commit at once), and so that a cell keeps its phase on whichever replica collects it.
 */
final class CollectionPhase {

    /** No collection starts before the replica has settled its leases at start-up. */
    static final Duration FIRST = Duration.ofSeconds(1);

    private CollectionPhase() {}

    /** The delay of the cell's first collection: one second, plus a share of the interval fixed by the name. */
    static Duration of(String cell, Duration interval) {
        long spread = Math.floorMod(mix(cell.hashCode()), Math.max(1, interval.toMillis()));
        return FIRST.plusMillis(spread);
    }

    /** SplitMix64's finaliser over the name's hash: names that differ in one letter land far apart. */
    private static long mix(long value) {
        long z = value;
        z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
        z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
        return z ^ (z >>> 31);
    }
}
