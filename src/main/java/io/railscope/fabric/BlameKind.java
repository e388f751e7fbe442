package io.railscope.fabric;

import io.railscope.model.Labelled;

/** The component unhealthy rail ports are blamed on, from the smallest. */
public enum BlameKind implements Labelled {
    /** One port: its cable, its transceiver, the NIC's port or the switch port. */
    LINK("link"),
    /** Several rails of one node, and no switch of theirs explains them: the host (PCIe, power, firmware, driver). */
    NODE("node"),
    /** Many host ports of one leaf switch, while the other leaves of its rail are fine. */
    LEAF("leaf"),
    /** Ports on most leaves below one spine, while the rail's leaves below other spines are fine: the spine or its uplinks. */
    SPINE("spine"),
    /** Ports on many leaves of one rail and no one spine explains them: above the leaves, or the traffic itself. */
    RAIL("rail");

    private final String label;

    BlameKind(String label) {
        this.label = label;
    }

    @Override
    public String label() {
        return label;
    }

    /** A switch or a rail: a blame that explains ports of several nodes. */
    public boolean aboveNode() {
        return this == LEAF || this == SPINE || this == RAIL;
    }

    /** A switch, named by the blame's component. */
    public boolean isSwitch() {
        return this == LEAF || this == SPINE;
    }

    public static BlameKind of(String label) {
        return Labelled.find(BlameKind.class, label)
                .orElseThrow(() -> new IllegalArgumentException("no kind of blame '" + label + "'"));
    }
}
