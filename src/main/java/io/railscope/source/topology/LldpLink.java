package io.railscope.source.topology;

/**
 * What LLDP says is on the other end of a local interface: the neighbour's chassis id and system name, and the id and
 * description of its port. Subtypes are lldpd's words ({@code mac}, {@code ip}, {@code local}, {@code ifname},
 * {@code ifalias}, {@code unhandled}).
 *
 * @param systemName the neighbour's SysName; null when it sent none
 * @param portDescription the neighbour's PortDescr; null when it sent none
 */
public record LldpLink(
        String localInterface,
        String chassisIdType,
        String chassisId,
        String systemName,
        String portIdType,
        String portId,
        String portDescription) {}
