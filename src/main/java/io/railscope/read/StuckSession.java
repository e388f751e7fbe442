package io.railscope.read;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * A database session of a replica whose heartbeat stopped for longer than a lease, still inside a transaction that
 * wrote or locked rows: {@code heartbeatSilence} is null when the replica has no heartbeat row at all.
 *
 * @param sameRole whether it runs as the role this replica runs as, so that this replica may end it
 * @param cells    the cells whose leases that replica held last: their commits may wait on its locks
 */
public record StuckSession(
        int pid,
        String applicationName,
        String replica,
        String state,
        Instant transactionStart,
        Duration inTransaction,
        Duration heartbeatSilence,
        boolean sameRole,
        List<String> cells) {}
