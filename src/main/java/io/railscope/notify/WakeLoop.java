package io.railscope.notify;

import io.railscope.alert.AlertChanges;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.function.Function;
import org.jboss.logging.Logger;

/**
 * A thread that runs a pass of notification work when an alert starts or stops firing, and when the
 * pass's own next due time comes (at the latest every {@link #MAX_SLEEP}): no polling. A pass that
 * throws is logged and run again at its next turn.
 */
final class WakeLoop implements Runnable {

    private static final Logger LOG = Logger.getLogger(WakeLoop.class);
    static final Duration MAX_SLEEP = Duration.ofSeconds(5);

    private final String name;
    private final AlertChanges changes;
    private final Function<Instant, Instant> pass;
    private final Clock clock;
    private volatile boolean running;
    private Thread thread;

    /** @param pass does the work at the given time and returns when it wants to run again at the latest */
    WakeLoop(String name, AlertChanges changes, Function<Instant, Instant> pass, Clock clock) {
        this.name = name;
        this.changes = changes;
        this.pass = pass;
        this.clock = clock;
    }

    synchronized void start() {
        if (thread != null) {
            return;
        }
        running = true;
        thread = new Thread(this, name);
        thread.setDaemon(true);
        thread.start();
    }

    synchronized void stop() {
        running = false;
        if (thread != null) {
            thread.interrupt();
            changes.wakeAll();
            thread = null;
        }
    }

    @Override
    public void run() {
        long seen = changes.count();
        while (running) {
            Instant next;
            try {
                next = pass.apply(clock.instant());
            } catch (RuntimeException e) {
                LOG.errorf("%s: %s", name, e.getMessage());
                next = clock.instant().plusSeconds(1);
            }
            Duration sleep = next == null ? MAX_SLEEP : Duration.between(clock.instant(), next);
            if (sleep.compareTo(MAX_SLEEP) > 0) {
                sleep = MAX_SLEEP;
            }
            if (sleep.isNegative() || sleep.isZero()) {
                continue;
            }
            try {
                seen = changes.awaitChange(seen, sleep);
            } catch (InterruptedException e) {
                return;
            }
        }
    }
}
