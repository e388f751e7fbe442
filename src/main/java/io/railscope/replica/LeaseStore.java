package io.railscope.replica;

import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.Optional;

/**
 * Replicas and their leases, kept where every replica sees them. Times are the store's own clock, read when each
 * statement runs (not when its transaction began), so replicas whose clocks differ still agree on who is alive and
 * which lease has expired. No call waits on a lock another session holds: what cannot be done at once fails at once.
 */
public interface LeaseStore {

    /** Records that {@code replica} is alive now; returns the live replicas: those heard from within {@code ttl}. */
    List<String> heartbeat(String replica, Duration ttl);

    /**
     * Renews, in one statement, those of {@code names} that {@code replica} holds and that have not expired, for
     * {@code ttl} from now; returns the leases renewed. A lease that lapsed is not renewed: it must be taken again.
     */
    List<Lease> renew(String replica, Collection<String> names, Duration ttl);

    /**
     * Takes or renews the lease for {@code ttl} from now, when it is free, expired or already {@code replica}'s; its
     * epoch grows when it is taken after it lapsed or from another holder. Empty when another replica holds it.
     *
     * @throws LeaseBusyException when another session holds the lease's row locked
     */
    Optional<Lease> acquire(String name, String replica, Duration ttl);

    /** Lets the lease go at once when {@code replica} holds it; its epoch stays until another replica takes it. */
    void release(String name, String replica);

    /** A replica that stops: its heartbeat and every lease it holds are released. */
    void leave(String replica);

    /**
     * How the store sees {@code replica} and the leases {@code believed} held by it (name and epoch), and how many
     * replicas it heard from within {@code ttl}.
     */
    Standing standing(String replica, Collection<Fence> believed, Duration ttl);

    /** Every lease, by name. */
    List<Lease> leases();
}
