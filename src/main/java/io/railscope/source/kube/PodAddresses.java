package io.railscope.source.kube;

import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodIP;
import io.railscope.source.nccl.PodAddress;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The IPs a pod holds: {@code status.podIPs} on the pod network, and each Multus attachment's {@code ips} from
 * {@code network-status} with its interface and {@code device-info.pci.rdma-device}. Each IP once; an annotation
 * that is not a JSON list yields the pod network's IPs alone.
 */
final class PodAddresses {

    private PodAddresses() {}

    static List<PodAddress> of(Pod pod) {
        Map<String, PodAddress> byIp = new LinkedHashMap<>();
        var status = pod.getStatus();
        if (status != null && status.getPodIPs() != null) {
            for (PodIP ip : status.getPodIPs()) {
                if (ip.getIp() != null) {
                    byIp.put(ip.getIp(), new PodAddress(ip.getIp(), "eth0", null));
                }
            }
        }
        if (status != null && status.getPodIP() != null) {
            byIp.putIfAbsent(status.getPodIP(), new PodAddress(status.getPodIP(), "eth0", null));
        }
        var annotations = pod.getMetadata() == null ? null : pod.getMetadata().getAnnotations();
        if (annotations != null) {
            for (PodAddress attached : NetworkStatus.addresses(annotations.get(NetworkStatus.ANNOTATION))) {
                // the pod network's entry keeps its interface (eth0); Multus may add the RDMA device behind an address
                byIp.merge(
                        attached.ip(),
                        attached,
                        (primary, multus) -> primary.device() == null && multus.device() != null
                                ? new PodAddress(primary.ip(), primary.iface(), multus.device())
                                : primary);
            }
        }
        return List.copyOf(byIp.values());
    }
}
