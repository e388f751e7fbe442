package io.railscope.source;

import com.fasterxml.jackson.annotation.JsonValue;
import io.railscope.model.Labelled;

/** Where Railscope learned which switch port a rail port is cabled to. */
public enum CableSource implements Labelled {
    /** The node's LLDP agent heard the switch port advertise itself (RoCE and other Ethernet rails). */
    LLDP("lldp", "LLDP"),
    /** The InfiniBand fabric's own view: treydock/infiniband_exporter's uplinks, or an ibnetdiscover / iblinkinfo file. */
    INFINIBAND("infiniband", "the InfiniBand fabric"),
    /**
     * The node's topology labels (Topograph, EKS, configured keys): one switch for the whole node, not one per rail, so
     * it says nothing of how rails are wired.
     */
    LABELS("labels", "topology node labels");

    private final String label;
    private final String words;

    CableSource(String label, String words) {
        this.label = label;
        this.words = words;
    }

    @Override
    @JsonValue
    public String label() {
        return label;
    }

    /** As it reads after "from": "from LLDP". */
    public String words() {
        return words;
    }

    /** Whether the source knows each rail's own cable (labels place only the node). */
    public boolean perRail() {
        return this != LABELS;
    }

    /** A source stored by another version reads as {@link #LLDP}. */
    public static CableSource of(String label) {
        return Labelled.find(CableSource.class, label).orElse(LLDP);
    }
}
