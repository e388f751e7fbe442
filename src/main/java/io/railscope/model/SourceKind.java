package io.railscope.model;

/** The kinds of source a cell is collected from; each is fetched, timed and marked stale on its own. */
public enum SourceKind implements Labelled {
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
        return Labelled.find(SourceKind.class, label)
                .orElseThrow(() -> new IllegalArgumentException("unknown source kind: " + label));
    }
}
