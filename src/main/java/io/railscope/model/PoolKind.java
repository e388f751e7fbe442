package io.railscope.model;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;

/** Where an address pool is defined, or where Railscope read its blocks when no pool was found. */
public enum PoolKind implements Labelled {
    /** The cell's configuration names the cluster pool ({@code railscope.cells.<name>.ipam.cluster-pool-cidrs}). */
    CONFIGURED("configured"),
    /** Cilium's cluster-pool IPAM: cilium-config's cluster-pool-ipv4-cidr. */
    CILIUM_CLUSTER_POOL("cilium-cluster-pool"),
    /** A CiliumPodIPPool of Cilium's multi-pool IPAM. */
    CILIUM_MULTI_POOL("cilium-multi-pool"),
    /** Calico's IPPools. */
    CALICO_IPPOOL("calico-ippool"),
    /** kubeadm-config's networking.podSubnet. */
    KUBEADM_POD_SUBNET("kubeadm-pod-subnet"),
    /** No cluster pool was found: the nodes' Node.spec.podCIDRs alone. */
    NODE_POD_CIDRS("node-pod-cidrs"),
    /** An nv-ipam IPPool: per-node ranges. */
    NV_IPAM_IPPOOL("nv-ipam-ippool"),
    /** An nv-ipam CIDRPool: per-node prefixes. */
    NV_IPAM_CIDRPOOL("nv-ipam-cidrpool"),
    /** A whereabouts range of a NetworkAttachmentDefinition. */
    WHEREABOUTS("whereabouts"),
    /** A ServiceCIDR, or the Service range the cell's configuration names. */
    SERVICE_CIDR("service-cidr"),
    /** A kind this version does not know, stored by a newer one. */
    UNKNOWN("unknown");

    private final String label;

    PoolKind(String label) {
        this.label = label;
    }

    /** The name used in the API, on pages and in the database. */
    @JsonValue
    public String label() {
        return label;
    }

    /** The kind with this label; {@link #UNKNOWN} for one this version does not know. */
    @JsonCreator
    public static PoolKind fromLabel(String label) {
        return Labelled.find(PoolKind.class, label).orElse(UNKNOWN);
    }

    @Override
    public String toString() {
        return label;
    }
}
