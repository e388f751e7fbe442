package io.railscope.source.ipam;

import io.railscope.source.ipam.ClusterObjects.CiliumConfig;
import java.util.Optional;

/** What Railscope would need to see to know a cell's cluster pool, said where it does not know it. */
final class UnknownPool {

    private static final String CONFIGURE =
            "or set railscope.cells.<cell>.ipam.cluster-pool-cidrs and cluster-pool-mask";

    private UnknownPool() {}

    static String reason(ClusterObjects objects) {
        Optional<CiliumConfig> cilium = objects.cilium();
        if (cilium.filter(CiliumConfig::blocksFromCiliumNodes).isPresent()) {
            return "ConfigMap kube-system/cilium-config has no cluster-pool-ipv4-cidr (the operator may have it as a"
                    + " flag, which is not in the API); " + CONFIGURE;
        }
        if (cilium.filter(config -> "kubernetes".equals(config.ipamMode())).isPresent()) {
            return "Cilium takes blocks from Node.spec.podCIDRs, cut from kube-controller-manager's --cluster-cidr,"
                    + " which is not in the API, and ConfigMap kube-system/kubeadm-config has no podSubnet; "
                    + CONFIGURE;
        }
        if (cilium.isPresent() && !cilium.get().perNodeBlocks()) {
            return "Cilium's ipam mode " + cilium.get().ipamMode() + " takes addresses from outside the cluster's API"
                    + " (the cloud's subnets or the CRD's per-node lists); " + CONFIGURE;
        }
        if (objects.calicoIpam()) {
            return "Calico IPAM hands out blocks from its IPPools (crd.projectcalico.org), none of which could be"
                    + " read; grant list on ippools.crd.projectcalico.org " + CONFIGURE;
        }
        return "no ConfigMap kube-system/cilium-config with cluster-pool-ipv4-cidr, no kube-system/kubeadm-config"
                + " with podSubnet, and the CNI's pool may live outside the API (AWS VPC CNI's subnets); " + CONFIGURE;
    }
}
