package io.railscope.source;

/**
 * The switch port at the far end of a rail port's cable, as a node's LLDP agent heard it advertised: the switch's
 * system name (its chassis id when it sends no name), the port id it advertises and the port's description. Read
 * from {@link PortAttributeSeries#PORT_LLDP_NEIGHBOR}.
 *
 * @param switchName the LLDP system name, or the chassis id when the switch sends none
 * @param switchPort the LLDP port id (an interface name on most switch systems), or its description when the id is
 *     a MAC address and a description was sent
 * @param chassisId the LLDP chassis id, as sent (a MAC address on most switches); null when none
 * @param source where the cable was learned
 */
public record PortPeer(
        String node,
        String device,
        int port,
        String switchName,
        String switchPort,
        String chassisId,
        CableSource source) {}
