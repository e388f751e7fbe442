package io.railscope.notify;

import java.time.Instant;

/** The last push to one Alertmanager. */
public record AlertmanagerPush(String url, Instant lastAttempt, Instant lastSuccess, int alerts, String error) {}
