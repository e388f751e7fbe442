package io.railscope.alert;

import com.fasterxml.jackson.annotation.JsonValue;
import io.railscope.model.Labelled;
import java.util.Locale;

/** How urgent an alert is: its {@code severity} label, lower case as Alertmanager routes and PagerDuty read it. */
public enum Severity implements Labelled {
    CRITICAL,
    WARNING,
    INFO;

    /** The label's value. */
    @JsonValue
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The severity a label's value names; a value Railscope does not write is read as a warning. */
    public static Severity fromLabel(String label) {
        return Labelled.find(Severity.class, label).orElse(WARNING);
    }

    /** Pages show the label's value. */
    @Override
    public String toString() {
        return label();
    }

    /** {@code critical} when {@code critical}, else {@code warning}. */
    static Severity criticalIf(boolean critical) {
        return critical ? CRITICAL : WARNING;
    }
}
