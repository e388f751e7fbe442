package io.railscope.replica;

import java.time.Duration;
import java.util.List;

/**
 * How the database sees this replica: how long ago its last heartbeat was written (null when it has none), which of
 * the leases it believes it holds have lapsed or passed to another holder, and how many replicas it heard from within
 * a lease.
 */
public record Standing(Duration heartbeatAge, List<String> lapsed, int live) {

    /** Whether the replica's heartbeat is later than {@code late}, or it has none. */
    public boolean heartbeatLate(Duration late) {
        return heartbeatAge == null || heartbeatAge.compareTo(late) > 0;
    }
}
