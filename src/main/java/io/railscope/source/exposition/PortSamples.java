package io.railscope.source.exposition;

import io.railscope.source.PortAttributes;
import io.railscope.source.PortCounter;
import io.railscope.source.RailPortReading;

/** What the samples of one port of a node said so far; a counter without a sample is negative. */
final class PortSamples {

    final String device;
    final String port;
    final long[] counters = PortCounter.none();
    int state;
    int physicalState;
    double rate;
    String linkLayer;
    Integer mtu;
    LldpNeighbor peer;

    PortSamples(String device, String port) {
        this.device = device;
        this.port = port;
    }

    /** The port's reading, with the attributes of its HCA ({@code hca}, null when none was reported). */
    RailPortReading reading(String node, int portNumber, HcaSamples hca) {
        return new RailPortReading(node, device, portNumber, state, physicalState, rate, counters, attributes(hca));
    }

    private PortAttributes attributes(HcaSamples hca) {
        if (hca == null && linkLayer == null && mtu == null) {
            return PortAttributes.UNKNOWN;
        }
        return new PortAttributes(
                hca == null ? null : hca.firmware,
                hca == null ? null : hca.boardId,
                linkLayer,
                mtu,
                hca == null ? null : hca.pcieWidth,
                hca == null ? null : hca.pcieGigatransfers);
    }
}
