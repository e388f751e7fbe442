package io.railscope.assess;

import io.railscope.source.PortAttributes;
import java.util.EnumMap;
import java.util.Map;

/** What the rails of a node should share: each as the text compared and shown. */
public enum RailAttribute {
    RATE("rate"),
    LINK_LAYER("link layer"),
    MTU("MTU"),
    FIRMWARE("firmware"),
    BOARD_ID("board id"),
    PCIE_WIDTH("PCIe width"),
    PCIE_SPEED("PCIe speed");

    /** node_exporter's port state ACTIVE: the rate of a port that is not up is no trained rate. */
    private static final int STATE_ACTIVE = 4;

    private final String label;

    RailAttribute(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }

    /** The known values of a port; its rate only while it is ACTIVE. */
    public static Map<RailAttribute, String> values(int stateId, double rateGbps, PortAttributes attributes) {
        Map<RailAttribute, String> values = new EnumMap<>(RailAttribute.class);
        if (rateKnown(stateId, rateGbps)) {
            values.put(RATE, Math.round(rateGbps) + " Gb/s");
        }
        put(values, LINK_LAYER, attributes.linkLayer());
        put(values, MTU, attributes.mtuBytes());
        put(values, FIRMWARE, attributes.firmware());
        put(values, BOARD_ID, attributes.boardId());
        if (attributes.pcieWidth() != null) {
            values.put(PCIE_WIDTH, "x" + attributes.pcieWidth());
        }
        if (attributes.pcieGigatransfersPerSecond() != null) {
            double speed = attributes.pcieGigatransfersPerSecond();
            values.put(
                    PCIE_SPEED,
                    (speed == Math.rint(speed) ? Long.toString((long) speed) : Double.toString(speed)) + " GT/s");
        }
        return values;
    }

    /** Whether a port's rate is a trained rate: it is ACTIVE and reports one. */
    static boolean rateKnown(int stateId, double rateGbps) {
        return stateId == STATE_ACTIVE && rateGbps > 0;
    }

    private static void put(Map<RailAttribute, String> values, RailAttribute attribute, Object value) {
        if (value != null) {
            values.put(attribute, value.toString());
        }
    }
}
