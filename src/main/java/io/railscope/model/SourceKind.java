package io.railscope.model;

/** The kinds of source a cell is collected from; each is fetched, timed and marked stale on its own. */
public enum SourceKind {
    KUBERNETES("kubernetes"),
    NODE_METRICS("node-metrics"),
    NCCL("nccl");

    private final String label;

    SourceKind(String label) {
        this.label = label;
    }

    /** The name used in metrics labels, pages and the database. */
    public String label() {
        return label;
    }

    public static SourceKind fromLabel(String label) {
        for (SourceKind kind : values()) {
            if (kind.label.equals(label)) {
                return kind;
            }
        }
        throw new IllegalArgumentException("unknown source kind: " + label);
    }
}
