package io.railscope.model;

import java.util.Locale;

/** Where a silence stands at a moment: not begun, muting, or over (ended or expired by hand). */
public enum SilenceState {
    PENDING,
    ACTIVE,
    EXPIRED;

    /** As Alertmanager's API writes it. */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    @Override
    public String toString() {
        return label();
    }
}
