package io.railscope.source.nccl;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import io.railscope.model.Labelled;

/** What printed a job's bus bandwidth. */
public enum BusbwSource implements Labelled {
    /** nccl-tests' {@code # Avg bus bandwidth} line. */
    NCCL_TESTS("nccl-tests"),
    /** NCCL Inspector's per-collective JSON lines. */
    INSPECTOR("inspector"),
    /** A source this version does not know, stored by a newer one. */
    UNKNOWN("unknown");

    private final String label;

    BusbwSource(String label) {
        this.label = label;
    }

    /** The name used in the API, on the job page and in the database. */
    @JsonValue
    public String label() {
        return label;
    }

    /** The source with this label, {@link #UNKNOWN} for one this version does not know; null stays null. */
    @JsonCreator
    public static BusbwSource fromLabel(String label) {
        if (label == null) {
            return null;
        }
        return Labelled.find(BusbwSource.class, label).orElse(UNKNOWN);
    }

    @Override
    public String toString() {
        return label;
    }
}
