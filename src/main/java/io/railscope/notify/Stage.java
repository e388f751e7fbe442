package io.railscope.notify;

import java.time.Instant;

/**
 * One step of the notification pipeline, in Alertmanager's order: the silence stage drops what is silenced or still
 * pending ({@link SilenceStage}); the group stage waits, groups and lets through only what changed or is due again
 * ({@link GroupStage}), writing it to the outbox; the delivery stage sends and retries ({@link DeliveryStage}). Each
 * takes what the one before let through.
 */
interface Stage<I, O> {

    O run(I input, Instant now);
}
