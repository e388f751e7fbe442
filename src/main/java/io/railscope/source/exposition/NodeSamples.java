package io.railscope.source.exposition;

import io.railscope.source.PortPeer;
import io.railscope.source.RailPortReading;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** What the samples of one node said so far: its ports, its HCAs, its neighbor tables and its RDMA netns mode. */
final class NodeSamples {

    final String name;
    final Map<String, PortSamples> ports = new LinkedHashMap<>();
    Map<String, HcaSamples> devices;
    final NeighborSamples neighbors = new NeighborSamples();
    int rdmaNetnsExclusive = -1;

    NodeSamples(String name) {
        this.name = name;
    }

    HcaSamples device(String device) {
        if (devices == null) {
            devices = new HashMap<>();
        }
        return devices.computeIfAbsent(device, key -> new HcaSamples());
    }

    /**
     * Adds a reading of each port to {@code readings}, and the switch port its cable leads to to {@code peers} where
     * one was heard; a port whose name is no port number is said and skipped.
     */
    void addPortsTo(List<RailPortReading> readings, List<PortPeer> peers, ProblemList problems) {
        for (PortSamples port : ports.values()) {
            int portNumber;
            try {
                portNumber = Integer.parseInt(port.port);
            } catch (NumberFormatException e) {
                portNumber = -1;
            }
            if (portNumber < 0 || portNumber > Short.MAX_VALUE) {
                problems.add(
                        "port \"" + port.port + "\" of " + port.device + " on " + name + ": no port number, skipped");
                continue;
            }
            readings.add(port.reading(name, portNumber, devices == null ? null : devices.get(port.device)));
            if (port.peer != null) {
                peers.add(port.peer.of(name, port.device, portNumber));
            }
        }
    }
}
