package io.railscope.model;

/** Health of a cell, a node or a pool, ordered from best to worst; UNKNOWN when nothing was observed. */
public enum Health {
    OK,
    WARNING,
    CRITICAL,
    UNKNOWN;

    public Health worst(Health other) {
        if (this == UNKNOWN) {
            return other;
        }
        if (other == UNKNOWN) {
            return this;
        }
        return other.ordinal() > ordinal() ? other : this;
    }

    public String cssClass() {
        return name().toLowerCase();
    }
}
