package io.railscope.read;

import io.railscope.source.PortAttributes;
import java.util.List;

/** The rail ports of a cell as stored, with what their homogeneity is compared on. */
public interface RailAttributeRows {

    /** Each node's port on this rail, by node. */
    List<Port> onRail(String cell, int rail);

    /**
     * A node's port on the rail: its state id and rate (null when it has no state yet) and its attributes.
     */
    record Port(String node, Integer state, Double rateGbps, PortAttributes attributes) {}
}
