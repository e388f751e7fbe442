package io.railscope.source.sim;

import io.railscope.model.Ipv4Cidr;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * The fixed layout of a simulated cell: node names and pools, the primary pod pool and its per-node
 * blocks, one backend pool per rail, and per-node traits drawn once from the seed.
 */
final class SimulatedTopology {

    static final String POOL_LABEL = "node.kubernetes.io/gpu-pool";
    /** Nodes per scalable unit, as in NVIDIA's DGX SuperPOD reference: each unit has a leaf per rail. */
    static final int UNIT = 32;
    /** Scalable units per spine: each rail's leaves of four units share a spine, and each rail's spines a core. */
    static final int SPINE_GROUP = 4;

    private static final int PRIMARY_BASE = Ipv4Cidr.parse("100.64.0.0/10").network();
    /** Per-node backend blocks are /28s: 16 addresses. */
    private static final int BACKEND_BLOCK_PREFIX = 28;

    final String cell;
    final int nodes;
    final List<String> devices;
    final String[] nodeNames;
    final String[] nodePools;
    /** Prefix length of the per-node pod CIDRs: a /24 on small, older cells, a right-sized /26 elsewhere. */
    final int blockPrefix;

    final int maxPods;
    final int[] basePods;
    final double[] loadPhase;
    final int[] neighborBase;
    /**
     * Per scalable unit and rail ({@code unit * rails + rail}): its leaf's name and chassis id, made once since every
     * metrics fetch names them for each port.
     */
    private final String[] leafNames;

    private final String[] leafChassisIds;
    /** The leaf's port of each node of a unit. */
    private final String[] leafPorts = new String[UNIT];
    /** Each rail's netdev. */
    private final String[] netdevs;

    SimulatedTopology(String cell, int nodes, List<String> devices, long seed) {
        this.cell = cell;
        this.nodes = nodes;
        this.devices = List.copyOf(devices);
        this.blockPrefix = nodes <= 256 ? 24 : 26;
        this.maxPods = blockPrefix == 24 ? 110 : 48;
        this.nodeNames = new String[nodes];
        this.nodePools = new String[nodes];
        this.basePods = new int[nodes];
        this.loadPhase = new double[nodes];
        this.neighborBase = new int[nodes];
        SplittableRandom random = new SplittableRandom(seed ^ cell.hashCode());
        for (int i = 0; i < nodes; i++) {
            nodeNames[i] = String.format("%s-gpu-%05d", cell, i);
            nodePools[i] = i < nodes / 2 ? "h100-a" : "h100-b";
            basePods[i] = 20 + random.nextInt(14);
            loadPhase[i] = random.nextDouble();
            neighborBase[i] = 20 + (int) (0.15 * nodes * (0.9 + 0.2 * random.nextDouble()));
        }
        int units = (nodes + UNIT - 1) / UNIT;
        int rails = rails();
        this.leafNames = new String[units * rails];
        this.leafChassisIds = new String[units * rails];
        for (int unit = 0; unit < units; unit++) {
            for (int rail = 0; rail < rails; rail++) {
                leafNames[unit * rails + rail] = String.format("%s-su%02d-rail%d", cell, unit + 1, rail + 1);
                leafChassisIds[unit * rails + rail] =
                        String.format("0c:42:a1:%02x:%02x:%02x", unit >> 8 & 0xff, unit & 0xff, rail);
            }
        }
        this.netdevs = new String[rails];
        for (int rail = 0; rail < rails; rail++) {
            netdevs[rail] = "eth" + (rail + 1);
        }
        for (int port = 0; port < UNIT; port++) {
            leafPorts[port] = "swp" + (port + 1);
        }
    }

    int rails() {
        return devices.size();
    }

    /** The netdev of a rail (0-based) on every node: {@code eth1} for the first. */
    String netdev(int rail) {
        return netdevs[rail];
    }

    /** The leaf switch a node's rail is cabled to: rail-optimised, one leaf per scalable unit and rail. */
    String leaf(int node, int rail) {
        return leafNames[node / UNIT * rails() + rail];
    }

    /** The spine above the leaves of a rail in a group of units, by the group's first node. */
    String spine(int node, int rail) {
        return String.format("%s-sg%02d-rail%d", cell, node / UNIT / SPINE_GROUP + 1, rail + 1);
    }

    /** The core above a rail's spines. */
    String core(int rail) {
        return String.format("%s-core-rail%d", cell, rail + 1);
    }

    /** Whether a node's rail is below the spine a fault in {@code slot} lands on. */
    boolean belowFaultSpine(int slot, int node, int rail) {
        return node / UNIT / SPINE_GROUP == faultNode(slot) / UNIT / SPINE_GROUP && rail == faultRail(slot);
    }

    /** The leaf's port a node's rail is cabled to. */
    String leafPort(int node) {
        return leafPorts[node % UNIT];
    }

    /** The leaf's chassis id, a MAC address as switches send it. */
    String leafChassis(int node, int rail) {
        return leafChassisIds[node / UNIT * rails() + rail];
    }

    /** Whether a node's rail is cabled to the leaf a fault in {@code slot} lands on. */
    boolean onFaultLeaf(int slot, int node, int rail) {
        return node / UNIT == faultNode(slot) / UNIT && rail == faultRail(slot);
    }

    /**
     * The cluster pool: normally a single prefix with room for twice the nodes; when near exhaustion,
     * prefixes appended (as Cilium allows) until only about 2 % of the node blocks are left.
     */
    List<Ipv4Cidr> primaryPool(boolean nearExhaustion) {
        long blocksWanted =
                nearExhaustion ? nodes + Math.max(1, Math.round(nodes * 0.02)) : Long.highestOneBit(nodes) * 4L;
        List<Ipv4Cidr> cidrs = new ArrayList<>();
        long offset = 0;
        for (int bit = 62; bit >= 0; bit--) {
            long blocks = 1L << bit;
            if ((blocksWanted & blocks) != 0) {
                int prefix = blockPrefix - bit;
                cidrs.add(new Ipv4Cidr((int) (PRIMARY_BASE + offset), prefix));
                offset += blocks << (32 - blockPrefix);
            }
        }
        return cidrs;
    }

    Ipv4Cidr nodeBlock(int node) {
        return new Ipv4Cidr(PRIMARY_BASE + (node << (32 - blockPrefix)), blockPrefix);
    }

    /** Rail r's subnet (1-based): room for twice the nodes in /28 blocks, from {@code 10.128.0.0} to {@code 10.240.0.0}. */
    Ipv4Cidr backendPool(int rail) {
        int blockBits = 64 - Long.numberOfLeadingZeros(Math.max(1, nodes * 2L - 1));
        int prefix = Math.max(12, BACKEND_BLOCK_PREFIX - blockBits);
        return new Ipv4Cidr((10 << 24) | ((128 + 16 * ((rail - 1) % 8)) << 16), prefix);
    }

    /** Usable addresses in a per-node pod block: Cilium reserves two. */
    int addressesPerBlock() {
        return (1 << (32 - blockPrefix)) - 2;
    }

    int gcThresh(int level) {
        boolean tuned = nodes > 1000;
        return switch (level) {
            case 1 -> tuned ? 4096 : 128;
            case 2 -> tuned ? 8192 : 512;
            default -> tuned ? 16384 : 1024;
        };
    }

    /** The node a fault lands on: spread over the cell, and still valid in a one-node cell. */
    int faultNode(int slot) {
        return (int) ((long) slot * 7919 % nodes);
    }

    /** The rail (0-based) a fault lands on. */
    int faultRail(int slot) {
        return (slot * 3 + 2) % rails();
    }
}
