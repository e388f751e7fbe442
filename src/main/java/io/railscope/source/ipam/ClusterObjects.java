package io.railscope.source.ipam;

import io.railscope.model.PoolKind;
import io.railscope.source.IsolationObjects;
import java.time.Instant;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What IPAM derivation needs of a cell's API objects, reduced to compact records page by page so
 * that 400,000 pods fit in memory, with what the isolation audit reads ({@code isolation}).
 * {@code problems} lists objects that were malformed and skipped.
 */
public record ClusterObjects(
        Instant at,
        List<NodeObject> nodes,
        List<PodObject> pods,
        List<CiliumNodeObject> ciliumNodes,
        Optional<ClusterPool> clusterPool,
        Optional<CiliumConfig> cilium,
        List<CiliumPodIpPool> ciliumPools,
        boolean calicoIpam,
        List<CalicoBlock> calicoBlocks,
        List<NvIpamPool> nvIpamPools,
        List<WhereaboutsPool> whereaboutsPools,
        List<NetworkAttachment> attachments,
        List<ServiceCidr> serviceCidrs,
        List<String> clusterIps,
        List<EventObject> events,
        IsolationObjects isolation,
        List<String> problems) {

    /**
     * A Node: labels, {@code spec.podCIDRs}, {@code status.capacity.pods} and {@code spec.providerID} (the cloud's
     * name for its machine: {@code aws:///us-west-2a/i-0123456789abcdef0}), null when unset.
     */
    public record NodeObject(
            String name, Map<String, String> labels, List<String> podCidrs, int maxPods, String providerId) {

        public NodeObject(String name, Map<String, String> labels, List<String> podCidrs, int maxPods) {
            this(name, labels, podCidrs, maxPods, null);
        }
    }

    /** Pods on the pod network per namespace: what makes a namespace worth a default deny. */
    public static Map<String, Integer> podsByNamespace(List<PodObject> pods) {
        Map<String, Integer> counts = new HashMap<>();
        for (PodObject pod : pods) {
            if (!pod.hostNetwork() && !"Succeeded".equals(pod.phase()) && !"Failed".equals(pod.phase())) {
                counts.merge(pod.namespace(), 1, Integer::sum);
            }
        }
        return counts;
    }

    /** A Pod: where it runs, its IP, and whether it is waiting in ContainerCreating. */
    public record PodObject(
            String namespace,
            String name,
            String node,
            String ip,
            boolean hostNetwork,
            String phase,
            String waitingReason,
            Instant created) {}

    /**
     * A CiliumNode: {@code spec.ipam.podCIDRs} (cluster-pool), {@code spec.ipam.pools.allocated} by pool and
     * {@code spec.ipam.pools.requested} pool names (multi-pool), and {@code status.ipam.operator-status.error}.
     */
    public record CiliumNodeObject(
            String name,
            List<String> podCidrs,
            String operatorError,
            Map<String, List<String>> poolCidrs,
            List<String> requestedPools) {

        public CiliumNodeObject(String name, List<String> podCidrs, String operatorError) {
            this(name, podCidrs, operatorError, Map.of(), List.of());
        }
    }

    /**
     * What the {@code cilium-config} ConfigMap says of IPAM: the mode ({@code ipam}), whether the agent
     * runs a health endpoint ({@code enable-endpoint-health-checking}), which takes an address of each node's
     * block, and the multi-pool pool its own addresses come from ({@code ipam-default-ip-pool}); with the
     * agent's version from its DaemonSet's image tag ({@code v1.16.5}), null when Railscope cannot tell it.
     */
    public record CiliumConfig(String ipamMode, boolean endpointHealthChecking, String defaultPool, String version) {

        private static final Pattern RELEASE = Pattern.compile("^v?(\\d+)\\.(\\d+)");

        public CiliumConfig(String ipamMode, boolean endpointHealthChecking) {
            this(ipamMode, endpointHealthChecking, "default", null);
        }

        /** Whether per-node blocks are the operator's, written to CiliumNodes, and never Node.spec.podCIDRs. */
        public boolean blocksFromCiliumNodes() {
            return "cluster-pool".equals(ipamMode) || "cluster-pool-v2beta".equals(ipamMode);
        }

        /** Whether nodes get per-node pod blocks at all (ENI, Azure, CRD and delegated IPAM hand out addresses otherwise). */
        public boolean perNodeBlocks() {
            return blocksFromCiliumNodes() || "kubernetes".equals(ipamMode);
        }

        public boolean multiPool() {
            return "multi-pool".equals(ipamMode);
        }

        /** Addresses the agent takes from each node's block for itself: the router (cilium_host), and the health endpoint. */
        public int agentAddresses() {
            return 1 + (endpointHealthChecking ? 1 : 0);
        }

        /**
         * Addresses of a block of {@code size} the agent's host-scope allocator hands out
         * (pkg/ipam/service/ipallocator/allocator.go, NewCIDRRange): all but network and broadcast; a /31 or /32
         * whole from 1.17 (commit 266b3f0), nothing before. Without a version, the newest behaviour.
         */
        public long usable(long size) {
            if (size > 2) {
                return size - 2;
            }
            return pointToPointWhole() ? size : 0;
        }

        /** Whether this agent hands out every address of a /31 or /32: 1.17 and later, or a version Railscope cannot tell. */
        public boolean pointToPointWhole() {
            Matcher release = RELEASE.matcher(version == null ? "" : version);
            if (!release.find()) {
                return true;
            }
            int major = Integer.parseInt(release.group(1));
            int minor = Integer.parseInt(release.group(2));
            return major > 1 || major == 1 && minor >= 17;
        }
    }

    /** A CiliumPodIPPool of multi-pool IPAM: {@code spec.ipv4.cidrs} cut into per-node blocks of {@code spec.ipv4.maskSize}. */
    public record CiliumPodIpPool(String name, List<String> cidrs, int maskSize) {}

    /**
     * The cluster pool per-node blocks are cut from, and where it was read: each CIDR with the prefix length of its
     * blocks ({@code masks}, in the order of {@code cidrs}; Calico IPPools may each have their own blockSize).
     */
    public record ClusterPool(List<String> cidrs, List<Integer> masks, PoolKind kind) {

        public ClusterPool {
            cidrs = List.copyOf(cidrs);
            masks = List.copyOf(masks);
            if (masks.size() != cidrs.size()) {
                throw new IllegalArgumentException("a block size for each CIDR of " + kind + " " + cidrs);
            }
        }

        public ClusterPool(List<String> cidrs, int maskSize, PoolKind kind) {
            this(cidrs, Collections.nCopies(cidrs.size(), maskSize), kind);
        }

        /** The prefix length of every block, or null when the CIDRs have blocks of different sizes. */
        public Integer maskSize() {
            return masks.stream().distinct().count() == 1 ? masks.get(0) : null;
        }
    }

    /**
     * A Calico IPAM block (crd.projectcalico.org/v1 IPAMBlock): its CIDR, the node it is affine to ({@code
     * spec.affinity} {@code host:<node>}, null when none) and how many of its addresses are allocated ({@code
     * spec.allocations} entries that are not null).
     */
    public record CalicoBlock(String cidr, String node, int allocated) {}

    /**
     * An nv-ipam IPPool (per-node ranges) or CIDRPool (per-node prefixes).
     *
     * @param gateway           IPPool {@code spec.gateway}, null when none
     * @param gatewayIndex      CIDRPool {@code spec.gatewayIndex}, null when none
     * @param perNodeExclusions {@code spec.perNodeExclusions} (v0.4.0): index ranges of every node's block
     * @param staticAllocations CIDRPool {@code spec.staticAllocations}: a prefix kept for a node, or for none
     */
    public record NvIpamPool(
            String namespace,
            String name,
            boolean cidrPool,
            String subnet,
            int perNodeBlockSize,
            int perNodePrefix,
            List<AddressRange> exclusions,
            List<NodeAllocation> allocations,
            String gateway,
            Integer gatewayIndex,
            List<IndexRange> perNodeExclusions,
            List<NodeAllocation> staticAllocations) {

        public NvIpamPool(
                String namespace,
                String name,
                boolean cidrPool,
                String subnet,
                int perNodeBlockSize,
                int perNodePrefix,
                List<AddressRange> exclusions,
                List<NodeAllocation> allocations) {
            this(
                    namespace,
                    name,
                    cidrPool,
                    subnet,
                    perNodeBlockSize,
                    perNodePrefix,
                    exclusions,
                    allocations,
                    null,
                    null,
                    List.of(),
                    List.of());
        }
    }

    /** Indexes of a block, inclusive. */
    public record IndexRange(int start, int end) {}

    /** An excluded range, inclusive. */
    public record AddressRange(String start, String end) {}

    /** A node's allocation in an nv-ipam pool: a range (IPPool) or a prefix and its gateway (CIDRPool). */
    public record NodeAllocation(String node, String start, String end, String prefix, String gateway) {

        public NodeAllocation(String node, String start, String end, String prefix) {
            this(node, start, end, prefix, null);
        }
    }

    /** A whereabouts IPPool: the range and its allocations by offset, each naming its pod as namespace/name. */
    public record WhereaboutsPool(
            String name, String range, Map<Long, String> podrefsByOffset, List<String> malformedKeys) {

        public WhereaboutsPool(String name, String range, Map<Long, String> podrefsByOffset) {
            this(name, range, podrefsByOffset, List.of());
        }
    }

    /**
     * A NetworkAttachmentDefinition with the IPAM it configures: nv-ipam's {@code poolName}, or whereabouts' ranges
     * (its {@code range} first, then each {@code ipRanges} entry, as whereabouts' LoadIPAMConfig orders them).
     */
    public record NetworkAttachment(
            String namespace, String name, String ipamType, String poolName, List<WhereaboutsRange> whereaboutsRanges) {

        /** One whose whereabouts range is {@code range} as written, with nothing narrowing it; or none when null. */
        public NetworkAttachment(String namespace, String name, String ipamType, String poolName, String range) {
            this(
                    namespace,
                    name,
                    ipamType,
                    poolName,
                    range == null ? List.of() : List.of(new WhereaboutsRange(range, null, null, List.of(), null)));
        }
    }

    /**
     * A whereabouts range: {@code range} (a CIDR), what narrows it ({@code range_start}, {@code range_end},
     * {@code exclude} CIDRs) and the {@code network_name} its pool is named after.
     */
    public record WhereaboutsRange(
            String range, String rangeStart, String rangeEnd, List<String> exclude, String networkName) {}

    /** A ServiceCIDR object, or a configured Service range. */
    public record ServiceCidr(String name, List<String> cidrs) {}

    /** An Event: reason, message, the object it is about, and how often it happened. */
    public record EventObject(
            String namespace,
            String reason,
            String message,
            String involvedKind,
            String involvedName,
            String involvedNamespace,
            String host,
            int count,
            Instant lastSeen) {}
}
