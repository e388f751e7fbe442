package io.railscope.source;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What the isolation audit needs of a cell's API objects besides its pods' namespaces: NetworkPolicies,
 * the pods that could weaken isolation, NetworkAttachmentDefinitions as they configure their
 * networks, gateways of nv-ipam pools, and the Multus configuration when one was found.
 *
 * @param podsByNamespace pods on the pod network (not hostNetwork, not finished) per namespace
 * @param networkPoliciesRead false when the API refused to list NetworkPolicies: no namespace can be judged
 * @param pods            only pods with host networking, raised privileges, RDMA resources or attachments
 * @param poolGateways    nv-ipam pool name → where it sets a gateway ({@code IPPool spec.gateway 10.201.0.1})
 */
public record IsolationObjects(
        Map<String, Integer> podsByNamespace,
        boolean networkPoliciesRead,
        List<NetworkPolicyObject> networkPolicies,
        List<PodSecurity> pods,
        List<AttachmentDefinition> attachmentDefinitions,
        Map<String, String> poolGateways,
        Optional<MultusConfig> multus) {

    public IsolationObjects {
        podsByNamespace = Map.copyOf(podsByNamespace);
        networkPolicies = List.copyOf(networkPolicies);
        pods = List.copyOf(pods);
        attachmentDefinitions = List.copyOf(attachmentDefinitions);
        poolGateways = Map.copyOf(poolGateways);
    }

    public static IsolationObjects none() {
        return new IsolationObjects(Map.of(), true, List.of(), List.of(), List.of(), Map.of(), Optional.empty());
    }

    /**
     * A NetworkPolicy reduced to what makes it a default deny: it selects every pod of its namespace
     * and has a policy type without rules.
     */
    public record NetworkPolicyObject(
            String namespace,
            String name,
            boolean selectsAllPods,
            boolean ingressType,
            boolean egressType,
            int ingressRules,
            int egressRules) {

        public boolean deniesIngress() {
            return selectsAllPods && ingressType && ingressRules == 0;
        }

        public boolean deniesEgress() {
            return selectsAllPods && egressType && egressRules == 0;
        }
    }

    /**
     * A pod as isolation sees it.
     *
     * @param owner         its controller as {@code Kind name}, or null
     * @param escalations   what raises its privileges, per container: {@code trainer: privileged}, {@code sidecar: NET_ADMIN}
     * @param railResources RDMA devices requested ({@code nvidia.com/*rail*}, {@code rdma/*}) by its largest container
     * @param attachments   its interfaces from {@code network-status} besides the default network
     */
    public record PodSecurity(
            String namespace,
            String name,
            String node,
            String owner,
            boolean hostNetwork,
            List<String> escalations,
            Map<String, String> labels,
            int railResources,
            List<Attachment> attachments) {

        public PodSecurity {
            escalations = List.copyOf(escalations);
            labels = Map.copyOf(labels);
            attachments = List.copyOf(attachments);
        }

        /** The object to fix: its controller when it has one, else the pod. */
        public String subject() {
            return owner != null ? owner.replaceFirst(" ", " " + namespace + "/") : "Pod " + namespace + "/" + name;
        }
    }

    /**
     * One non-default interface of a pod.
     *
     * @param network    the NetworkAttachmentDefinition as {@code namespace/name}
     * @param mtu        as network-status reports it, or null
     * @param rdmaDevice {@code device-info.pci.rdma-device}, or null
     */
    public record Attachment(String network, String iface, Integer mtu, String rdmaDevice) {

        public String networkNamespace(String podNamespace) {
            int slash = network.indexOf('/');
            return slash < 0 ? podNamespace : network.substring(0, slash);
        }

        public String networkName() {
            return network.substring(network.indexOf('/') + 1);
        }
    }

    /**
     * A NetworkAttachmentDefinition's network.
     *
     * @param resourceName the {@code k8s.v1.cni.cncf.io/resourceName} annotation (the device pool it draws from), or null
     * @param mtu          the MTU its CNI config sets, or null
     * @param routing      what would route it: {@code ipam.gateway 10.201.0.1}, {@code ipam.routes 0.0.0.0/0}
     */
    public record AttachmentDefinition(
            String namespace,
            String name,
            String cniType,
            String poolName,
            String resourceName,
            Integer mtu,
            List<String> routing) {

        public AttachmentDefinition {
            routing = List.copyOf(routing);
        }

        public String qualifiedName() {
            return namespace + "/" + name;
        }
    }

    /**
     * The Multus configuration.
     *
     * @param source             {@code ConfigMap namespace/name} and key
     * @param namespaceIsolation its setting, null when not set (Multus then leaves it off)
     */
    public record MultusConfig(String source, Boolean namespaceIsolation) {}
}
