package io.railscope.alert;

import java.time.Instant;

/** An alert that is pending or firing, as stored. */
public record OpenAlert(long id, String fingerprint, String alertname, AlertState state, Instant activeAt, Instant firedAt, Instant lastActiveAt) {
}
