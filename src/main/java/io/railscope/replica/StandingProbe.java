package io.railscope.replica;

import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * This replica's standing as the database sees it, asked at most once a second however many probes and scrapes ask:
 * readiness and {@code /metrics} tell what the database knows, not what this replica remembers.
 */
@ApplicationScoped
public class StandingProbe {

    private static final long FRESH_NANOS = TimeUnit.SECONDS.toNanos(1);

    private final Replicas replicas;
    private Answer last;
    private long lastAt;

    /** The standing, or why the database could not say. */
    public record Answer(Standing standing, String error) {}

    public StandingProbe(Replicas replicas) {
        this.replicas = replicas;
    }

    public synchronized Answer now() {
        long at = System.nanoTime();
        if (last == null || at - lastAt >= FRESH_NANOS) {
            try {
                last = new Answer(replicas.standing(), null);
            } catch (RuntimeException e) {
                last = new Answer(null, e.getMessage());
            }
            lastAt = at;
        }
        return last;
    }

    /** Late: no heartbeat written for two intervals. */
    public Duration lateAfter() {
        return replicas.heartbeatInterval().multipliedBy(2);
    }
}
