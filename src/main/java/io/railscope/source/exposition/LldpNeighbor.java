package io.railscope.source.exposition;

import io.railscope.source.CableSource;
import io.railscope.source.PortPeer;
import java.util.regex.Pattern;

/**
 * What a port's LLDP neighbor series said: the switch's chassis id and system name, the id and description of its
 * port. A switch is named by its system name, else its chassis id; its port by the port id, unless that id is a MAC
 * address (port id subtype 3) and a description was sent, which then names the port better.
 */
record LldpNeighbor(String chassisId, String systemName, String portId, String portDescription) {

    private static final Pattern MAC = Pattern.compile("(?i)[0-9a-f]{2}([:-][0-9a-f]{2}){5}");

    /** The neighbor, or null when it names no switch (neither a system name nor a chassis id). */
    static LldpNeighbor of(String chassisId, String systemName, String portId, String portDescription) {
        return systemName == null && chassisId == null
                ? null
                : new LldpNeighbor(chassisId, systemName, portId, portDescription);
    }

    PortPeer of(String node, String device, int port) {
        String switchPort =
                portId == null || portDescription != null && MAC.matcher(portId).matches() ? portDescription : portId;
        return new PortPeer(
                node,
                device,
                port,
                systemName != null ? systemName : chassisId,
                switchPort,
                chassisId,
                CableSource.LLDP);
    }
}
