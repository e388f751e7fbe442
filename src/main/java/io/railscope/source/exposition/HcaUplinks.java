package io.railscope.source.exposition;

import io.railscope.source.CableSource;
import io.railscope.source.PortAttributeSeries;
import io.railscope.source.PortPeer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The host-side links of an InfiniBand fabric as treydock/infiniband_exporter reports them
 * ({@code infiniband_hca_uplink_info}), matched to the nodes' RDMA devices: by node GUID where the node's RDMA ports
 * script reports it ({@code railscope_rdma_device_info}), else by the HCA's node description when it reads
 * {@code <node> <device>} (rdma-core's rdma-ndd writes {@code %h %d} by default). Only links to a switch count.
 */
final class HcaUplinks {

    /** One uplink series: the HCA's GUID, port and description, and the switch, its port and GUID. */
    private record Uplink(String guid, String port, String hca, String uplink, String uplinkPort, String uplinkGuid) {}

    private final List<Uplink> uplinks = new ArrayList<>();

    /** Keeps a series of {@code infiniband_hca_uplink_info}; false when it links to no switch. */
    boolean sample(Labels labels, double value) {
        if (value != 1 || !"SW".equals(labels.get("uplink_type")) || labels.get("guid") == null) {
            return false;
        }
        add(
                labels.get("guid"),
                labels.get("port"),
                labels.get("hca"),
                labels.get("uplink"),
                labels.get("uplink_port"),
                labels.get("uplink_guid"));
        return true;
    }

    /** Keeps a host link another exporter states: the HCA's GUID, port and description, the switch, its port and GUID. */
    void add(String guid, String port, String hca, String uplink, String uplinkPort, String uplinkGuid) {
        uplinks.add(new Uplink(guid(guid), port, hca, uplink, uplinkPort, uplinkGuid));
    }

    /**
     * The peers of the uplinks whose HCA is a device of {@code nodes}; the others are counted in {@code problems},
     * once.
     */
    void addPeersTo(List<PortPeer> peers, Map<String, NodeSamples> nodes, ProblemList problems) {
        if (uplinks.isEmpty()) {
            return;
        }
        Map<String, String[]> byGuid = new HashMap<>();
        for (NodeSamples node : nodes.values()) {
            if (node.devices != null) {
                node.devices.forEach((device, hca) -> {
                    if (hca.nodeGuid != null) {
                        byGuid.put(hca.nodeGuid, new String[] {node.name, device});
                    }
                });
            }
        }
        int unmatched = 0;
        for (Uplink uplink : uplinks) {
            String[] device = byGuid.get(uplink.guid());
            if (device == null) {
                device = byDescription(uplink.hca(), nodes);
            }
            int port = portNumber(uplink.port());
            if (device == null || port < 0 || uplink.uplink() == null) {
                unmatched++;
                continue;
            }
            peers.add(new PortPeer(
                    device[0],
                    device[1],
                    port,
                    uplink.uplink(),
                    uplink.uplinkPort(),
                    uplink.uplinkGuid(),
                    CableSource.INFINIBAND));
        }
        if (unmatched > 0) {
            problems.add(unmatched + " of " + uplinks.size() + " InfiniBand uplinks ("
                    + PortAttributeSeries.INFINIBAND_HCA_UPLINK
                    + ") name an HCA no node of the cell reports, by node GUID or as \"<node> <device>\"");
        }
    }

    /** A node GUID as ibnetdiscover writes it ({@code 0x7cfe9003003b4b96}), from sysfs' {@code 7cfe:9003:003b:4b96} too. */
    static String guid(String value) {
        String hex = value.strip().toLowerCase(Locale.ROOT).replace(":", "");
        return hex.startsWith("0x") ? hex : "0x" + hex;
    }

    private static String[] byDescription(String description, Map<String, NodeSamples> nodes) {
        if (description == null) {
            return null;
        }
        String[] words = description.strip().split("\\s+");
        NodeSamples node = words.length == 2 ? nodes.get(words[0]) : null;
        if (node == null) {
            return null;
        }
        boolean known = node.devices != null && node.devices.containsKey(words[1])
                || node.ports.keySet().stream().anyMatch(port -> port.startsWith(words[1] + ':'));
        return known ? new String[] {node.name, words[1]} : null;
    }

    private static int portNumber(String port) {
        try {
            int number = Integer.parseInt(port);
            return number >= 0 && number <= Short.MAX_VALUE ? number : -1;
        } catch (NumberFormatException e) {
            return -1;
        }
    }
}
