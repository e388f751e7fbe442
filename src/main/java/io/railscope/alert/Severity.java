package io.railscope.alert;

import java.util.Locale;

/** How urgent an alert is: its {@code severity} label, lower case as Alertmanager routes and PagerDuty read it. */
public enum Severity {
    CRITICAL,
    WARNING,
    INFO;

    /** The label's value. */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** {@code critical} when {@code critical}, else {@code warning}. */
    static Severity criticalIf(boolean critical) {
        return critical ? CRITICAL : WARNING;
    }
}
