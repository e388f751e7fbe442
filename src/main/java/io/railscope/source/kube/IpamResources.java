package io.railscope.source.kube;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.railscope.source.ipam.ClusterObjects.AddressRange;
import io.railscope.source.ipam.ClusterObjects.CiliumNodeObject;
import io.railscope.source.ipam.ClusterObjects.IndexRange;
import io.railscope.source.ipam.ClusterObjects.NodeAllocation;
import io.railscope.source.ipam.ClusterObjects.NvIpamPool;
import io.railscope.source.ipam.ClusterObjects.WhereaboutsPool;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The IPAM custom resources as Railscope keeps them: CiliumNodes, nv-ipam IPPools and CIDRPools,
 * whereabouts IPPools. A missing required field throws {@link IllegalArgumentException} naming it.
 */
final class IpamResources {

    private IpamResources() {}

    static CiliumNodeObject ciliumNode(GenericKubernetesResource resource) {
        Map<String, List<String>> poolCidrs = new TreeMap<>();
        for (Object item : Resources.list(resource.get("spec", "ipam", "pools", "allocated"))) {
            Map<String, Object> allocated = Resources.map(item);
            poolCidrs.put(Resources.string(allocated.get("pool")), Resources.strings(allocated.get("cidrs")));
        }
        List<String> requested = new ArrayList<>();
        for (Object item : Resources.list(resource.get("spec", "ipam", "pools", "requested"))) {
            requested.add(Resources.string(Resources.map(item).get("pool")));
        }
        return new CiliumNodeObject(
                resource.getMetadata().getName(),
                Resources.strings(resource.get("spec", "ipam", "podCIDRs")),
                Resources.string(resource.get("status", "ipam", "operator-status", "error")),
                poolCidrs,
                requested);
    }

    static NvIpamPool ipPool(GenericKubernetesResource resource) {
        List<NodeAllocation> allocations = new ArrayList<>();
        for (Object item : Resources.list(resource.get("status", "allocations"))) {
            Map<String, Object> allocation = Resources.map(item);
            allocations.add(new NodeAllocation(
                    Resources.string(allocation.get("nodeName")),
                    Resources.string(allocation.get("startIP")),
                    Resources.string(allocation.get("endIP")),
                    null));
        }
        return new NvIpamPool(
                resource.getMetadata().getNamespace(),
                resource.getMetadata().getName(),
                false,
                required(resource.get("spec", "subnet"), "spec.subnet"),
                Resources.integer(resource.get("spec", "perNodeBlockSize"), "spec.perNodeBlockSize"),
                0,
                exclusions(resource),
                allocations,
                Resources.string(resource.get("spec", "gateway")),
                null,
                perNodeExclusions(resource),
                List.of());
    }

    static NvIpamPool cidrPool(GenericKubernetesResource resource) {
        List<NodeAllocation> allocations = new ArrayList<>();
        for (Object item : Resources.list(resource.get("status", "allocations"))) {
            Map<String, Object> allocation = Resources.map(item);
            allocations.add(new NodeAllocation(
                    Resources.string(allocation.get("nodeName")),
                    null,
                    null,
                    Resources.string(allocation.get("prefix")),
                    Resources.string(allocation.get("gateway"))));
        }
        List<NodeAllocation> statics = new ArrayList<>();
        for (Object item : Resources.list(resource.get("spec", "staticAllocations"))) {
            Map<String, Object> allocation = Resources.map(item);
            statics.add(new NodeAllocation(
                    Resources.string(allocation.get("nodeName")),
                    null,
                    null,
                    Resources.string(allocation.get("prefix")),
                    Resources.string(allocation.get("gateway"))));
        }
        Object gatewayIndex = resource.get("spec", "gatewayIndex");
        return new NvIpamPool(
                resource.getMetadata().getNamespace(),
                resource.getMetadata().getName(),
                true,
                required(resource.get("spec", "cidr"), "spec.cidr"),
                0,
                Resources.integer(resource.get("spec", "perNodeNetworkPrefix"), "spec.perNodeNetworkPrefix"),
                exclusions(resource),
                allocations,
                null,
                gatewayIndex == null ? null : Resources.integer(gatewayIndex, "spec.gatewayIndex"),
                perNodeExclusions(resource),
                statics);
    }

    private static List<IndexRange> perNodeExclusions(GenericKubernetesResource resource) {
        List<IndexRange> ranges = new ArrayList<>();
        for (Object item : Resources.list(resource.get("spec", "perNodeExclusions"))) {
            Map<String, Object> range = Resources.map(item);
            ranges.add(new IndexRange(
                    Resources.integer(range.get("startIndex"), "spec.perNodeExclusions.startIndex"),
                    Resources.integer(range.get("endIndex"), "spec.perNodeExclusions.endIndex")));
        }
        return ranges;
    }

    private static List<AddressRange> exclusions(GenericKubernetesResource resource) {
        List<AddressRange> exclusions = new ArrayList<>();
        for (Object item : Resources.list(resource.get("spec", "exclusions"))) {
            Map<String, Object> exclusion = Resources.map(item);
            exclusions.add(new AddressRange(
                    Resources.string(exclusion.get("startIP")), Resources.string(exclusion.get("endIP"))));
        }
        return exclusions;
    }

    /** A key that is no 64-bit offset is one whereabouts itself skips (the address counts as free): reported, not fatal. */
    static WhereaboutsPool whereaboutsPool(GenericKubernetesResource resource) {
        Map<Long, String> podrefs = new TreeMap<>();
        List<String> malformed = new ArrayList<>();
        for (Map.Entry<String, Object> allocation :
                Resources.map(resource.get("spec", "allocations")).entrySet()) {
            try {
                podrefs.put(
                        Long.parseLong(allocation.getKey()),
                        Resources.string(Resources.map(allocation.getValue()).get("podref")));
            } catch (NumberFormatException e) {
                malformed.add(allocation.getKey());
            }
        }
        return new WhereaboutsPool(
                resource.getMetadata().getName(),
                required(resource.get("spec", "range"), "spec.range"),
                podrefs,
                malformed);
    }

    private static String required(Object value, String field) {
        if (value == null || value.toString().isBlank()) {
            throw new IllegalArgumentException(field + " is missing");
        }
        return value.toString();
    }
}
