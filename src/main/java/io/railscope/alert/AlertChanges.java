package io.railscope.alert;

import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;

/**
 * Counts the evaluations in which an alert started or stopped firing, and wakes whoever waits for the
 * next one: delivery acts at once instead of polling.
 */
@ApplicationScoped
public class AlertChanges {

    private long count;

    public synchronized void record() {
        count++;
        notifyAll();
    }

    public synchronized long count() {
        return count;
    }

    /** Waits until the count differs from {@code seen}, at most {@code max}; returns the count. */
    public synchronized long awaitChange(long seen, Duration max) throws InterruptedException {
        long deadline = System.nanoTime() + max.toNanos();
        while (count == seen) {
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                break;
            }
            wait(Math.max(1, left / 1_000_000), 0);
        }
        return count;
    }

    /** Wakes the waiters without a change: shutting down. */
    public synchronized void wakeAll() {
        notifyAll();
    }
}
