package io.railscope.source.kube;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodIP;
import io.railscope.source.nccl.PodAddress;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The IPs a pod holds: {@code status.podIPs} on the pod network, and each Multus attachment's {@code ips} from
 * {@code network-status} with its interface and {@code device-info.pci.rdma-device}. Each IP once; an annotation
 * that is not a JSON list yields the pod network's IPs alone.
 */
final class PodAddresses {

    private static final ObjectMapper JSON = new ObjectMapper();

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
            for (PodAddress attached : attached(annotations.get(NetworkStatus.ANNOTATION))) {
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

    /** The addresses {@code network-status} lists, the default network's included. */
    static List<PodAddress> attached(String annotation) {
        if (annotation == null || annotation.isBlank()) {
            return List.of();
        }
        JsonNode entries;
        try {
            entries = JSON.readTree(annotation);
        } catch (IOException e) {
            return List.of();
        }
        if (!entries.isArray()) {
            return List.of();
        }
        List<PodAddress> addresses = new ArrayList<>();
        for (JsonNode entry : entries) {
            String iface = entry.path("interface").asText(null);
            String device =
                    entry.path("device-info").path("pci").path("rdma-device").asText(null);
            for (JsonNode ip : entry.path("ips")) {
                if (ip.isTextual() && !ip.asText().isBlank()) {
                    addresses.add(new PodAddress(
                            ip.asText(),
                            iface == null ? entry.path("name").asText("?") : iface,
                            device == null || device.isBlank() ? null : device));
                }
            }
        }
        return addresses;
    }
}
