package io.railscope.replica;

import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * Replicas and their leases, kept where every replica sees them. Times are the store's own clock, so replicas whose
 * clocks differ still agree on who is alive and which lease has expired.
 */
public interface LeaseStore {

    /** Records that {@code replica} is alive now; returns the live replicas: those heard from within {@code ttl}. */
    List<String> heartbeat(String replica, Duration ttl);

    /**
     * Takes or renews the lease for {@code ttl} from now, when it is free, expired or already {@code replica}'s;
     * its epoch grows when the holder changes. Empty when another replica holds it.
     */
    Optional<Lease> acquire(String name, String replica, Duration ttl);

    /** Lets the lease go at once when {@code replica} holds it; its epoch stays until another replica takes it. */
    void release(String name, String replica);

    /** A replica that stops: its heartbeat and every lease it holds are released. */
    void leave(String replica);

    /** Every lease, by name. */
    List<Lease> leases();
}
