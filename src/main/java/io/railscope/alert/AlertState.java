package io.railscope.alert;

/** Where an alert stands; an inactive condition has no alert. */
public enum AlertState {
    PENDING,
    FIRING,
    RESOLVED
}
