package io.railscope.model;

/** What a cell is collected from: Railscope's simulator, or a real cluster's Kubernetes API and exporters. */
public enum CellKind {
    SIMULATED,
    KUBERNETES;

    public static CellKind of(boolean simulated) {
        return simulated ? SIMULATED : KUBERNETES;
    }
}
