package io.railscope.collect;

import io.railscope.assess.PortAssessment;
import io.railscope.config.CellSettings;
import io.railscope.fabric.FabricPort;
import io.railscope.fabric.RailCable;
import io.railscope.fabric.SwitchTiers;
import io.railscope.source.CableSource;
import io.railscope.source.NodeMetricsSnapshot;
import io.railscope.source.PortPeer;
import io.railscope.source.SwitchUplink;
import io.railscope.source.topology.CabledEnd;
import io.railscope.source.topology.CabledLink;
import io.railscope.source.topology.NodePlacement;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * A cell's cables and switch tiers at one collection, from every source that places them, in this order: the peers
 * of the node metrics (LLDP, the InfiniBand exporter), the cell's topology file, and the nodes' topology labels for a
 * node none of the others places.
 */
record CellCabling(List<RailCable> cables, SwitchTiers tiers) {

    static CellCabling of(
            CellSettings cell, NodeMetricsSnapshot snapshot, List<PortAssessment> ports, FabricInputs inputs) {
        Set<String> nodes = new HashSet<>();
        ports.forEach(port -> nodes.add(port.node()));
        List<PortPeer> peers = new ArrayList<>(snapshot.peers());
        List<SwitchUplink> uplinks = new ArrayList<>(snapshot.uplinks());
        fromFile(inputs.fileLinks(), nodes, peers, uplinks);
        List<RailCable> cables = cables(cell, peers, ports, inputs.placements());
        inputs.placements().values().forEach(placement -> {
            List<String> tiers = placement.switchTiers();
            for (int tier = 0; tier + 1 < tiers.size(); tier++) {
                uplinks.add(new SwitchUplink(tiers.get(tier), null, tiers.get(tier + 1), null));
            }
        });
        return new CellCabling(
                cables,
                SwitchTiers.of(cables.stream().map(RailCable::switchName).collect(Collectors.toSet()), uplinks));
    }

    /** The ports whose cable a source knows rail by rail: the only ones that can say a rail is miswired. */
    List<FabricPort> perRail(List<FabricPort> ports) {
        Set<String> byLabels = new HashSet<>();
        cables.stream()
                .filter(cable -> !cable.source().perRail())
                .forEach(cable -> byLabels.add(cable.node() + '\u0000' + cable.rail()));
        return byLabels.isEmpty()
                ? ports
                : ports.stream()
                        .filter(port -> !byLabels.contains(port.node() + '\u0000' + port.rail()))
                        .toList();
    }

    /**
     * The file's host links as peers, an HCA matched to a node's device by a description of {@code <node> <device>}
     * (rdma-ndd's default, {@code %h %d}); its links between switches as uplinks.
     */
    private static void fromFile(
            List<CabledLink> links, Set<String> nodes, List<PortPeer> peers, List<SwitchUplink> uplinks) {
        for (CabledLink link : links) {
            CabledEnd local = link.local();
            CabledEnd remote = link.remote();
            boolean localSwitch = CabledEnd.SWITCH.equals(local.type());
            boolean remoteSwitch = CabledEnd.SWITCH.equals(remote.type());
            if (localSwitch && remoteSwitch) {
                uplinks.add(new SwitchUplink(
                        local.description(),
                        Integer.toString(local.port()),
                        remote.description(),
                        Integer.toString(remote.port())));
            } else if (local.isChannelAdapter() && (remoteSwitch || remote.type() == null)) {
                peer(local, remote, nodes, peers);
            } else if (remote.isChannelAdapter() && localSwitch) {
                peer(remote, local, nodes, peers);
            }
        }
    }

    private static void peer(CabledEnd host, CabledEnd leaf, Set<String> nodes, List<PortPeer> peers) {
        String description =
                host.description() == null ? "" : host.description().strip();
        int space = description.lastIndexOf(' ');
        if (space <= 0 || leaf.description() == null || !nodes.contains(description.substring(0, space))) {
            return;
        }
        peers.add(new PortPeer(
                description.substring(0, space),
                description.substring(space + 1),
                host.port(),
                leaf.description(),
                Integer.toString(leaf.port()),
                leaf.guid(),
                CableSource.INFINIBAND));
    }

    /**
     * The cables of the cell's rail ports, by the rail of their device; of two peers of one rail, the first. A node none
     * of whose rails has a peer, but whose labels name the switch it is attached to, has every rail on that switch.
     */
    private static List<RailCable> cables(
            CellSettings cell,
            List<PortPeer> peers,
            List<PortAssessment> ports,
            Map<String, NodePlacement> placements) {
        Map<String, RailCable> cables = new LinkedHashMap<>();
        Set<String> cabled = new HashSet<>();
        for (PortPeer peer : peers) {
            int rail = cell.railOf(peer.device());
            if (rail != 0) {
                cabled.add(peer.node());
                cables.putIfAbsent(
                        peer.node() + '\u0000' + rail,
                        new RailCable(
                                peer.node(),
                                rail,
                                peer.switchName(),
                                peer.switchPort(),
                                peer.chassisId(),
                                peer.source()));
            }
        }
        if (!placements.isEmpty()) {
            for (PortAssessment port : ports) {
                NodePlacement placement = placements.get(port.node());
                if (placement != null && !cabled.contains(port.node())) {
                    cables.put(
                            port.node() + '\u0000' + port.rail(),
                            new RailCable(
                                    port.node(), port.rail(), placement.switchTier(0), null, null, CableSource.LABELS));
                }
            }
        }
        return List.copyOf(cables.values());
    }
}
