package io.railscope.notify;

import java.time.Instant;

/**
 * One kind of work that tells receivers (the push to Alertmanager, the receivers pipeline): the last stage of the
 * pipeline. {@link NotificationPipeline} runs each configured one on its own thread when an alert
 * starts or stops firing and when its own next due time comes.
 */
interface NotificationTask {

    /** The name of its thread and of its log lines. */
    String name();

    /** Whether a receiver of this kind is configured; one that is not never runs. */
    boolean configured();

    /**
     * Does what is due at {@code now} (must not throw for one receiver's failure: it records it);
     * returns when it wants to run again at the latest.
     */
    Instant pass(Instant now);
}
