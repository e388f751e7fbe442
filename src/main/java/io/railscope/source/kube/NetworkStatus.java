package io.railscope.source.kube;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.railscope.source.ipam.IsolationObjects.Attachment;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/** The Multus {@code k8s.v1.cni.cncf.io/network-status} annotation: the interfaces a pod got. */
final class NetworkStatus {

    static final String ANNOTATION = "k8s.v1.cni.cncf.io/network-status";
    private static final ObjectMapper JSON = new ObjectMapper();

    private NetworkStatus() {
    }

    /** The interfaces besides the default network; throws naming what is wrong when the annotation is not a JSON list of objects. */
    static List<Attachment> attachments(String annotation) throws IOException {
        if (annotation == null || annotation.isBlank()) {
            return List.of();
        }
        JsonNode networks = JSON.readTree(annotation);
        if (!networks.isArray()) {
            throw new IOException("not a JSON list");
        }
        List<Attachment> attachments = new ArrayList<>();
        for (JsonNode network : networks) {
            if (!network.isObject()) {
                throw new IOException("an entry is not an object");
            }
            if (network.path("default").asBoolean(false)) {
                continue;
            }
            String name = network.path("name").asText("?");
            String rdma = network.path("device-info").path("pci").path("rdma-device").asText("");
            attachments.add(new Attachment(name, network.path("interface").asText(name),
                    network.path("mtu").isNumber() ? network.path("mtu").asInt() : null, rdma.isEmpty() ? null : rdma));
        }
        return attachments;
    }
}
