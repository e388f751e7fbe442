package io.railscope.source.kube;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.ObjectMeta;
import io.fabric8.kubernetes.client.dsl.base.ResourceDefinitionContext;
import java.util.List;
import java.util.Map;

/** The custom resources Railscope reads, and typed access to their fields. */
final class Resources {

    static final ResourceDefinitionContext CILIUM_NODE = context("cilium.io", "v2", "CiliumNode", "ciliumnodes", false);
    /** cilium.io/v2 serves and stores CiliumPodIPPools since Cilium 1.19; v2alpha1 is deprecated but still served. */
    static final ResourceDefinitionContext CILIUM_POD_IP_POOL_V2 =
            context("cilium.io", "v2", "CiliumPodIPPool", "ciliumpodippools", false);

    static final ResourceDefinitionContext CILIUM_POD_IP_POOL =
            context("cilium.io", "v2alpha1", "CiliumPodIPPool", "ciliumpodippools", false);
    static final ResourceDefinitionContext CALICO_IPPOOL =
            context("crd.projectcalico.org", "v1", "IPPool", "ippools", false);
    static final ResourceDefinitionContext CALICO_IPAM_BLOCK =
            context("crd.projectcalico.org", "v1", "IPAMBlock", "ipamblocks", false);
    static final ResourceDefinitionContext NV_IPAM_IPPOOL =
            context("nv-ipam.nvidia.com", "v1alpha1", "IPPool", "ippools", true);
    static final ResourceDefinitionContext NV_IPAM_CIDRPOOL =
            context("nv-ipam.nvidia.com", "v1alpha1", "CIDRPool", "cidrpools", true);
    static final ResourceDefinitionContext WHEREABOUTS_IPPOOL =
            context("whereabouts.cni.cncf.io", "v1alpha1", "IPPool", "ippools", true);
    static final ResourceDefinitionContext NETWORK_ATTACHMENT =
            context("k8s.cni.cncf.io", "v1", "NetworkAttachmentDefinition", "network-attachment-definitions", true);
    static final ResourceDefinitionContext SERVICE_CIDR =
            context("networking.k8s.io", "v1", "ServiceCIDR", "servicecidrs", false);
    static final List<ResourceDefinitionContext> SERVICE_CIDR_VERSIONS = List.of(
            SERVICE_CIDR,
            context("networking.k8s.io", "v1beta1", "ServiceCIDR", "servicecidrs", false),
            context("networking.k8s.io", "v1alpha1", "ServiceCIDR", "servicecidrs", false));

    private Resources() {}

    /** kind namespace/name, for problem reports. */
    static String describe(ResourceDefinitionContext context, GenericKubernetesResource resource) {
        ObjectMeta meta = resource.getMetadata();
        String name = meta == null ? "?" : meta.getName();
        String namespace = meta == null ? null : meta.getNamespace();
        return context.getGroup() + " " + context.getKind() + " " + (namespace == null ? "" : namespace + "/") + name;
    }

    static String string(Object value) {
        return value == null ? null : value.toString();
    }

    static int integer(Object value, String field) {
        if (value instanceof Number number) {
            return number.intValue();
        }
        if (value instanceof String text) {
            try {
                return Integer.parseInt(text);
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException(field + " is not a number: '" + text + "'");
            }
        }
        throw new IllegalArgumentException(field + " is missing");
    }

    @SuppressWarnings("unchecked")
    static List<Object> list(Object value) {
        return value instanceof List<?> list ? (List<Object>) list : List.of();
    }

    @SuppressWarnings("unchecked")
    static Map<String, Object> map(Object value) {
        return value instanceof Map<?, ?> map ? (Map<String, Object>) map : Map.of();
    }

    static List<String> strings(Object value) {
        return list(value).stream().map(Object::toString).toList();
    }

    private static ResourceDefinitionContext context(
            String group, String version, String kind, String plural, boolean namespaced) {
        return new ResourceDefinitionContext.Builder()
                .withGroup(group)
                .withVersion(version)
                .withKind(kind)
                .withPlural(plural)
                .withNamespaced(namespaced)
                .build();
    }
}
