package io.railscope.replica;

import java.nio.charset.StandardCharsets;
import java.util.Collection;
import java.util.Optional;

/**
 * Rendezvous (highest random weight) hashing: a lease goes to the live replica whose hash with the lease's name is
 * highest. Every replica computes the same answer from the same live set, and when a replica joins or leaves only the
 * leases it wins or held move.
 */
public final class Rendezvous {

    private Rendezvous() {}

    /** The replica of {@code live} that should hold {@code lease}; empty when none is live. */
    public static Optional<String> owner(Collection<String> live, String lease) {
        String best = null;
        long bestWeight = 0;
        for (String replica : live) {
            long weight = weight(replica, lease);
            if (best == null
                    || Long.compareUnsigned(weight, bestWeight) > 0
                    || (weight == bestWeight && replica.compareTo(best) < 0)) {
                best = replica;
                bestWeight = weight;
            }
        }
        return Optional.ofNullable(best);
    }

    /** FNV-1a over both names, then the SplitMix64 finaliser: the same in every JVM, well spread over 64 bits. */
    static long weight(String replica, String lease) {
        long hash = 0xcbf29ce484222325L;
        for (byte b : (replica + '\n' + lease).getBytes(StandardCharsets.UTF_8)) {
            hash ^= b & 0xff;
            hash *= 0x100000001b3L;
        }
        hash ^= hash >>> 30;
        hash *= 0xbf58476d1ce4e5b9L;
        hash ^= hash >>> 27;
        hash *= 0x94d049bb133111ebL;
        return hash ^ (hash >>> 31);
    }
}
