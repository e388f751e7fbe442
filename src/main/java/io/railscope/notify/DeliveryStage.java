package io.railscope.notify;

import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.jboss.logging.Logger;

/**
 * The delivery stage, Alertmanager's retry: a receiver's due notifications are claimed one at a time, sent outside
 * any transaction with an {@code Idempotency-Key} that stays the same for every attempt, and each answer recorded; a
 * failed one is tried again with backoff (1 s doubling to 5 min). A replica that dies holds at most the one in flight,
 * for no longer than a send can take.
 */
final class DeliveryStage implements Stage<String, Integer> {

    private static final Logger LOG = Logger.getLogger(DeliveryStage.class);
    private static final Duration MAX_BACKOFF = Duration.ofMinutes(5);
    private static final int BATCH = 20;

    private final NotificationStore store;
    private final HttpPost http;
    private final Duration timeout;
    private final Clock clock;
    private final String claimant = "railscope-" + UUID.randomUUID();

    DeliveryStage(NotificationStore store, Duration timeout, Clock clock) {
        this.store = store;
        this.http = new HttpPost(timeout);
        this.timeout = timeout;
        this.clock = clock;
    }

    /** Sends up to a batch of {@code receiver}'s due notifications; returns how many were sent. */
    @Override
    public Integer run(String receiver, Instant now) {
        int sent = 0;
        while (sent < BATCH) {
            Instant at = clock.instant();
            List<OutboxEntry> claimed = store.claim(claimant, receiver, at, claimUntil(at), 1);
            if (claimed.isEmpty()) {
                break;
            }
            OutboxEntry entry = claimed.get(0);
            String error = http.post(URI.create(entry.url()), entry.payload(), entry.idempotencyKey());
            sent++;
            Instant answered = clock.instant();
            try {
                store.record(entry, claimant, error, answered, answered.plus(backoff(entry.attempts() + 1)));
            } catch (RuntimeException e) {
                // the claim expires and the notification goes again, with the same key
                LOG.errorf(
                        "receiver %s: the answer to notification %d was not recorded: %s",
                        entry.receiver(), entry.id(), e.getMessage());
            }
        }
        return sent;
    }

    /** A claim outlives the longest one send can take (connect and response timeouts), so only a dead replica's expires. */
    private Instant claimUntil(Instant now) {
        return now.plus(timeout.multipliedBy(2)).plusSeconds(5);
    }

    static Duration backoff(int attempts) {
        Duration delay = Duration.ofSeconds(1L << Math.min(attempts - 1, 20));
        return delay.compareTo(MAX_BACKOFF) > 0 ? MAX_BACKOFF : delay;
    }
}
