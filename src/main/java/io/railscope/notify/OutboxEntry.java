package io.railscope.notify;

import java.time.Instant;

/**
 * A notification waiting for (or delivered to) its receiver.
 *
 * @param idempotencyKey the same for every attempt of this notification, sent as the {@code Idempotency-Key} header
 */
public record OutboxEntry(
        long id,
        String receiver,
        String url,
        String groupKey,
        String payload,
        Instant createdAt,
        int attempts,
        Instant nextAttemptAt,
        Instant deliveredAt,
        String lastError,
        String idempotencyKey) {}
