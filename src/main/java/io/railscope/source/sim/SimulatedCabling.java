package io.railscope.source.sim;

import io.railscope.model.Fault;
import io.railscope.source.PortAttributeSeries;
import io.railscope.source.exposition.Labels;
import io.railscope.source.exposition.NodeMetricsReadings;
import java.util.Set;

/**
 * The cables of a simulated cell's rail-optimised fabric: each node's rail to its unit's leaf of that rail, as the node's
 * LLDP agent hears it, and the links above the leaves, as an InfiniBand exporter reports a switch's links to other
 * switches (each leaf to its spine, each spine to its rail's core).
 */
final class SimulatedCabling {

    private static final int RAIL_MISWIRED = 23;

    private final SimulatedTopology topology;

    SimulatedCabling(SimulatedTopology topology) {
        this.topology = topology;
    }

    /** The LLDP neighbor series of a node's rail; {@code labels} is left changed. */
    void lldpNeighbor(
            NodeMetricsReadings readings, Labels labels, String name, int node, int rail, Set<Fault> faults, long at) {
        int cabled = cabledRail(faults, node, rail);
        labels.set(
                "node",
                name,
                "device",
                topology.devices.get(rail),
                "port",
                "1",
                "interface",
                topology.netdev(rail),
                "chassis_id",
                topology.leafChassis(node, cabled),
                "system_name",
                topology.leaf(node, cabled),
                "port_id",
                topology.leafPort(node),
                "port_description",
                "");
        readings.sample(PortAttributeSeries.PORT_LLDP_NEIGHBOR, labels, 1, at);
    }

    /** Every link above the leaves; {@code labels} is left changed. */
    void uplinks(NodeMetricsReadings readings, Labels labels, long at) {
        int units = (topology.nodes + SimulatedTopology.UNIT - 1) / SimulatedTopology.UNIT;
        for (int rail = 0; rail < topology.rails(); rail++) {
            for (int unit = 0; unit < units; unit++) {
                int first = unit * SimulatedTopology.UNIT;
                uplink(readings, labels, topology.leaf(first, rail), topology.spine(first, rail), unit, at);
                if (unit % SimulatedTopology.SPINE_GROUP == 0) {
                    uplink(readings, labels, topology.spine(first, rail), topology.core(rail), unit, at);
                }
            }
        }
    }

    private static void uplink(
            NodeMetricsReadings readings, Labels labels, String name, String uplink, int index, long at) {
        labels.set(
                "switch",
                name,
                "port",
                Integer.toString(SimulatedTopology.UNIT + 1),
                "uplink",
                uplink,
                "uplink_type",
                "SW",
                "uplink_port",
                Integer.toString(index % SimulatedTopology.SPINE_GROUP + 1));
        readings.sample(PortAttributeSeries.INFINIBAND_SWITCH_UPLINK, labels, 1, at);
    }

    /** The rail whose leaf a node's rail is cabled to: its own, but for the two swapped by {@link Fault#RAIL_MISWIRED}. */
    int cabledRail(Set<Fault> faults, int node, int rail) {
        int first = topology.faultRail(RAIL_MISWIRED);
        int second = (first + 1) % topology.rails();
        if (!faults.contains(Fault.RAIL_MISWIRED) || node != topology.faultNode(RAIL_MISWIRED)) {
            return rail;
        }
        return rail == first ? second : rail == second ? first : rail;
    }
}
