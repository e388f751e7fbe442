package io.railscope.fabric;

import io.railscope.model.Labelled;

/**
 * What is wrong with an unhealthy rail port, one per kind of evidence its health rule weighs; in the order a port
 * with several is grouped by (a port that is down is grouped as down, whatever its counters said).
 */
public enum PortSymptom implements Labelled {
    DOWN("down", "down"),
    FLAPPING("flapping", "flapping"),
    ERRORS("errors", "with errors above their limit"),
    RATE_LOW("rate-low", "trained below the expected rate"),
    PFC_PAUSED("pfc-paused", "paused by PFC"),
    TRANSMIT_WAIT("transmit-wait", "waiting to transmit"),
    CNP_IGNORED("cnp-ignored", "ignoring congestion notifications"),
    OTHER("other", "degraded");

    private final String label;
    private final String words;

    PortSymptom(String label, String words) {
        this.label = label;
        this.words = words;
    }

    @Override
    public String label() {
        return label;
    }

    /** The symptom as it reads after "ports": "down", "paused by PFC". */
    public String words() {
        return words;
    }

    /** A symptom stored by another version reads as {@link #OTHER}. */
    public static PortSymptom of(String label) {
        return Labelled.find(PortSymptom.class, label).orElse(OTHER);
    }
}
