-- Delivery as a state machine: a notification is claimed by one replica for a while (an expired claim is a
-- dead replica's and is taken again), sent outside any transaction with a stable idempotency key, and its
-- outcome recorded. Only a group's newest notification is sent: older undelivered ones are superseded.
ALTER TABLE notification_outbox
    ADD COLUMN seq              bigint      NOT NULL DEFAULT 0,
    ADD COLUMN idempotency_key  text        NOT NULL DEFAULT '',
    ADD COLUMN claimed_by       text,
    ADD COLUMN claim_expires_at timestamptz,
    ADD COLUMN superseded_at    timestamptz;
UPDATE notification_outbox SET idempotency_key = receiver || '/' || group_key || '/' || id WHERE idempotency_key = '';
DROP INDEX notification_outbox_due;
CREATE INDEX notification_outbox_due ON notification_outbox (next_attempt_at) WHERE delivered_at IS NULL AND superseded_at IS NULL;
CREATE INDEX notification_outbox_group ON notification_outbox (receiver, group_key, seq);
