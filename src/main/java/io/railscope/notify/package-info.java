/**
 * Delivery of alerts: pushed to Alertmanager's API, or grouped by Railscope itself for webhook
 * receivers in Alertmanager's webhook payload through a durable outbox with retries; silences mute.
 */
package io.railscope.notify;
