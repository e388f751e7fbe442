package io.railscope.replica;

import io.railscope.config.CellSettings;
import io.railscope.config.Fleet;
import io.railscope.config.InvalidConfigurationException;
import io.railscope.config.RailscopeConfig;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;

/**
 * This replica among the replicas that share the database. At every heartbeat it first renews, in one statement, the
 * leases it holds; then announces itself and learns which replicas are alive; then takes the leases that rendezvous
 * hashing gives it over the live set and that have expired by the database's clock, and lets the others go so that
 * their new holder can take them at its own next heartbeat. A lease whose row another session holds locked is
 * skipped, never waited for, so one stuck session delays nothing else. Work runs under a lease only while its local
 * deadline (taken before the lease was written, so never later than the stored expiry) has not passed; what it
 * commits is fenced by the lease's epoch and expiry.
 */
@ApplicationScoped
public class Replicas {

    /** Webhook grouping and delivery, and the push to Alertmanager. */
    public static final String NOTIFICATIONS = Lease.ofJob("notifications");

    /** History roll-up and retention. */
    public static final String RETENTION = Lease.ofJob("retention");

    private final LeaseStore store;
    private final String id;
    private final Duration heartbeatInterval;
    private final Duration leaseDuration;
    private final List<String> names;
    private final Map<String, Held> held = new ConcurrentHashMap<>();
    private final Set<String> busy = ConcurrentHashMap.newKeySet();
    private volatile List<String> live = List.of();

    private record Held(Lease lease, long deadlineNanos) {}

    @Inject
    public Replicas(LeaseStore store, ReplicaIdentity identity, Fleet fleet, RailscopeConfig config) {
        this(
                store,
                identity.id(),
                Stream.concat(
                                fleet.cells().stream().map(CellSettings::name).map(Lease::ofCell),
                                Stream.of(NOTIFICATIONS, RETENTION))
                        .toList(),
                config.replicas().heartbeatInterval(),
                config.replicas().leaseDuration());
    }

    /** A replica named {@code id} that shares out the leases {@code names}. */
    public Replicas(
            LeaseStore store, String id, List<String> names, Duration heartbeatInterval, Duration leaseDuration) {
        if (leaseDuration.compareTo(heartbeatInterval.multipliedBy(3)) < 0) {
            throw new InvalidConfigurationException("railscope.replicas.lease-duration (" + leaseDuration
                    + ") must be at least three railscope.replicas.heartbeat-interval (" + heartbeatInterval
                    + "): a replica must renew its leases more than once before they expire");
        }
        this.store = store;
        this.id = id;
        this.names = List.copyOf(names);
        this.heartbeatInterval = heartbeatInterval;
        this.leaseDuration = leaseDuration;
    }

    /** This replica's name: the configured or host name, and a suffix of its own per process. */
    public String id() {
        return id;
    }

    public Duration heartbeatInterval() {
        return heartbeatInterval;
    }

    public Duration leaseDuration() {
        return leaseDuration;
    }

    /** The replicas alive at the last heartbeat, this one included. */
    public List<String> live() {
        return live;
    }

    /**
     * The leases one heartbeat took and let go (or lost), and those it should have taken but found locked by another
     * session, with their holder as last committed, newly so since the previous heartbeat or still so.
     */
    public record Changes(List<String> taken, List<String> released, List<LeaseBusyException> busy) {

        /** The busy leases that were not busy at the previous heartbeat. */
        public List<LeaseBusyException> newlyBusy(Set<String> before) {
            return busy.stream().filter(b -> !before.contains(b.lease())).toList();
        }
    }

    /**
     * One heartbeat: renew what this replica holds, announce it, then take the leases it should hold and let go of
     * those it should not.
     */
    public synchronized Changes heartbeat() {
        List<String> released = new ArrayList<>(renewHeld());
        live = store.heartbeat(id, leaseDuration);
        List<String> taken = new ArrayList<>();
        List<LeaseBusyException> skipped = new ArrayList<>();
        for (String name : names) {
            boolean ours = Rendezvous.owner(live, name).map(id::equals).orElse(false);
            boolean had = held.containsKey(name);
            if (ours && !had) {
                try {
                    if (take(name).isPresent()) {
                        taken.add(name);
                    }
                } catch (LeaseBusyException e) {
                    skipped.add(e);
                }
            } else if (!ours && had) {
                held.remove(name);
                store.release(name, id);
                released.add(name);
            }
        }
        busy.clear();
        skipped.forEach(b -> busy.add(b.lease()));
        return new Changes(taken, released, skipped);
    }

    /** The leases found locked by another session at the last heartbeat. */
    public Set<String> busy() {
        return Set.copyOf(busy);
    }

    /** The fence of a lease this replica holds now; empty when it does not, or could not renew it in time. */
    public Optional<Fence> fence(String name) {
        Held lease = held.get(name);
        if (lease == null || System.nanoTime() - lease.deadlineNanos() >= 0) {
            return Optional.empty();
        }
        return Optional.of(lease.lease().fence());
    }

    /** The fences of every lease this replica believes it holds, its local deadline passed or not. */
    public List<Fence> believed() {
        return held.values().stream().map(h -> h.lease().fence()).toList();
    }

    /**
     * As {@link #fence}, taking the lease first when no other replica holds it: for work asked of this replica
     * directly (a collection on demand). The next heartbeat lets it go again if another replica should hold it.
     */
    public synchronized Optional<Fence> claim(String name) {
        return fence(name).or(() -> take(name).map(Lease::fence));
    }

    /** The cells whose leases this replica holds now. */
    public long cellsHeld() {
        return held.keySet().stream()
                .filter(name -> name.startsWith(Lease.ofCell("")))
                .filter(name -> fence(name).isPresent())
                .count();
    }

    /** How the database sees this replica now: its heartbeat's age and the leases it holds there no longer. */
    public Standing standing() {
        return store.standing(id, believed(), leaseDuration);
    }

    /** Leaves the replica set: every lease this replica holds is let go for the others to take at once. */
    public synchronized void leave() {
        held.clear();
        store.leave(id);
    }

    /**
     * Renews every lease held, in one statement, before anything else: a replica back from a pause keeps what it
     * still holds before it judges others. Returns the leases that could not be renewed (lapsed, or taken over).
     */
    private List<String> renewHeld() {
        if (held.isEmpty()) {
            return List.of();
        }
        long before = System.nanoTime();
        List<Lease> renewed = store.renew(id, held.keySet(), leaseDuration);
        List<String> lost = new ArrayList<>(held.keySet());
        for (Lease lease : renewed) {
            held.put(lease.name(), new Held(lease, before + leaseDuration.toNanos()));
            lost.remove(lease.name());
        }
        lost.forEach(held::remove);
        return lost;
    }

    private Optional<Lease> take(String name) {
        long before = System.nanoTime();
        Optional<Lease> lease = store.acquire(name, id, leaseDuration);
        lease.ifPresentOrElse(
                taken -> held.put(name, new Held(taken, before + leaseDuration.toNanos())), () -> held.remove(name));
        return lease;
    }
}
