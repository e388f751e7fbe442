package io.railscope.source.nccl;

/** Where a pod's NCCL facts stand. */
public enum PodLogStatus {
    /** A log of its current container runs was read. */
    READ("read"),
    /** The job pushed its log. */
    PUSHED("pushed"),
    /** No log read yet: no container has run long enough, or none has started. */
    WAITING("waiting"),
    /** Reading its log failed. */
    UNREADABLE("unreadable");

    private final String label;

    PodLogStatus(String label) {
        this.label = label;
    }

    /** The word the API and pages show. */
    public String label() {
        return label;
    }

    @Override
    public String toString() {
        return label;
    }
}
