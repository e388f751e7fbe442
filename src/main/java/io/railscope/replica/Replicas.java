package io.railscope.replica;

import io.railscope.config.CellSettings;
import io.railscope.config.Fleet;
import io.railscope.config.InvalidConfigurationException;
import io.railscope.config.RailscopeConfig;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;

/**
 * This replica among the replicas that share the database. At every heartbeat it announces itself, learns which
 * replicas are alive, and holds exactly the leases that rendezvous hashing gives it over the live set: it takes or
 * renews those, and lets the others go so that their new holder can take them at its own next heartbeat. Work
 * runs under a lease only while its local deadline (taken before the lease was written, so never later than the
 * stored expiry) has not passed; what it commits is fenced by the lease's epoch.
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
    private volatile List<String> live = List.of();

    private record Held(Lease lease, long deadlineNanos) {}

    @Inject
    public Replicas(LeaseStore store, Fleet fleet, RailscopeConfig config) {
        this(
                store,
                config.replicas().name().orElseGet(Replicas::hostName) + "-" + processSuffix(),
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

    /** The replicas alive at the last heartbeat, this one included. */
    public List<String> live() {
        return live;
    }

    /** The leases one heartbeat took and let go. */
    public record Changes(List<String> taken, List<String> released) {}

    /**
     * One heartbeat: announce this replica, then take or renew the leases it should hold and let go of those it
     * should not (or could not renew).
     */
    public synchronized Changes heartbeat() {
        live = store.heartbeat(id, leaseDuration);
        List<String> taken = new ArrayList<>();
        List<String> released = new ArrayList<>();
        for (String name : names) {
            boolean ours = Rendezvous.owner(live, name).map(id::equals).orElse(false);
            boolean had = fence(name).isPresent();
            if (ours) {
                if (renew(name).isPresent()) {
                    if (!had) {
                        taken.add(name);
                    }
                } else if (had) {
                    released.add(name);
                }
            } else if (held.remove(name) != null) {
                store.release(name, id);
                released.add(name);
            }
        }
        return new Changes(taken, released);
    }

    /** The fence of a lease this replica holds now; empty when it does not, or could not renew it in time. */
    public Optional<Fence> fence(String name) {
        Held lease = held.get(name);
        if (lease == null || System.nanoTime() - lease.deadlineNanos() >= 0) {
            return Optional.empty();
        }
        return Optional.of(lease.lease().fence());
    }

    /**
     * As {@link #fence}, taking the lease first when no other replica holds it: for work asked of this replica
     * directly (a collection on demand). The next heartbeat lets it go again if another replica should hold it.
     */
    public synchronized Optional<Fence> claim(String name) {
        return fence(name).or(() -> renew(name).map(Lease::fence));
    }

    /** The cells whose leases this replica holds now. */
    public long cellsHeld() {
        return held.keySet().stream()
                .filter(name -> name.startsWith(Lease.ofCell("")))
                .filter(name -> fence(name).isPresent())
                .count();
    }

    /** Leaves the replica set: every lease this replica holds is let go for the others to take at once. */
    public synchronized void leave() {
        held.clear();
        store.leave(id);
    }

    private Optional<Lease> renew(String name) {
        long before = System.nanoTime();
        Optional<Lease> lease = store.acquire(name, id, leaseDuration);
        lease.ifPresentOrElse(
                taken -> held.put(name, new Held(taken, before + leaseDuration.toNanos())), () -> held.remove(name));
        return lease;
    }

    private static String hostName() {
        String fromEnvironment = System.getenv("HOSTNAME");
        if (fromEnvironment != null && !fromEnvironment.isBlank()) {
            return fromEnvironment;
        }
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (UnknownHostException e) {
            return "railscope";
        }
    }

    private static String processSuffix() {
        byte[] random = new byte[3];
        new SecureRandom().nextBytes(random);
        return HexFormat.of().formatHex(random);
    }
}
