package io.railscope.source.kube;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.railscope.source.IsolationObjects.AttachmentDefinition;
import io.railscope.source.ipam.ClusterObjects.NetworkAttachment;
import io.railscope.source.ipam.ClusterObjects.WhereaboutsRange;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A NetworkAttachmentDefinition's CNI config ({@code spec.config}, a single plugin or a conflist with
 * {@code plugins}), read once for IPAM (its pool) and for the isolation audit (MTU, gateway, routes).
 */
record AttachmentConfig(NetworkAttachment attachment, AttachmentDefinition definition) {

    static final String RESOURCE_NAME = "k8s.v1.cni.cncf.io/resourceName";
    private static final ObjectMapper JSON = new ObjectMapper();

    /** Throws {@link IllegalArgumentException} naming the field when the config is not a JSON object. */
    static AttachmentConfig of(GenericKubernetesResource resource) {
        String namespace = resource.getMetadata().getNamespace();
        String name = resource.getMetadata().getName();
        Map<String, String> annotations = resource.getMetadata().getAnnotations() == null
                ? Map.of()
                : resource.getMetadata().getAnnotations();
        JsonNode config = parse(Resources.string(resource.get("spec", "config")));
        List<JsonNode> plugins = new ArrayList<>();
        if (config.path("plugins").isArray()) {
            config.path("plugins").forEach(plugins::add);
        } else {
            plugins.add(config);
        }
        JsonNode main = plugins.isEmpty() ? config : plugins.get(0);
        JsonNode ipam = plugins.stream()
                .map(plugin -> plugin.path("ipam"))
                .filter(JsonNode::isObject)
                .findFirst()
                .orElse(JSON.missingNode());
        Integer mtu = plugins.stream()
                .map(plugin -> plugin.path("mtu"))
                .filter(JsonNode::isNumber)
                .map(JsonNode::asInt)
                .findFirst()
                .orElse(null);
        String type = text(ipam.path("type"));
        WhereaboutsRange whereabouts = null;
        String range = text(ipam.path("range"));
        if ("whereabouts".equals(type)) {
            // the range may come as ipRanges (one pool each; the first is read) and as "first-last/prefix"
            JsonNode rangeConfig = range == null
                            && ipam.path("ipRanges").isArray()
                            && !ipam.path("ipRanges").isEmpty()
                    ? ipam.path("ipRanges").get(0)
                    : ipam;
            range = text(rangeConfig.path("range"));
            String rangeStart = text(rangeConfig.path("range_start"));
            String rangeEnd = text(rangeConfig.path("range_end"));
            if (range != null && range.indexOf('-') > 0 && range.indexOf('-') < range.indexOf('/')) {
                String first = range.substring(0, range.indexOf('-'));
                String last = range.substring(range.indexOf('-') + 1, range.indexOf('/'));
                range = first + range.substring(range.indexOf('/'));
                rangeStart = rangeStart == null ? first : rangeStart;
                rangeEnd = rangeEnd == null ? last : rangeEnd;
            }
            List<String> exclude = new ArrayList<>();
            rangeConfig.path("exclude").forEach(cidr -> exclude.add(cidr.asText()));
            whereabouts = new WhereaboutsRange(rangeStart, rangeEnd, exclude, text(ipam.path("network_name")));
        }
        return new AttachmentConfig(
                new NetworkAttachment(namespace, name, type, text(ipam.path("poolName")), range, whereabouts),
                new AttachmentDefinition(
                        namespace,
                        name,
                        text(main.path("type")),
                        text(ipam.path("poolName")),
                        annotations.get(RESOURCE_NAME),
                        mtu,
                        routing(ipam)));
    }

    /** What would route the network: a gateway or routes in its IPAM. */
    private static List<String> routing(JsonNode ipam) {
        List<String> routing = new ArrayList<>();
        if (!text(ipam.path("gateway"), "").isEmpty()) {
            routing.add("ipam.gateway " + ipam.path("gateway").asText());
        }
        List<String> routes = new ArrayList<>();
        ipam.path("routes").forEach(route -> routes.add(route.path("dst").asText("?")));
        if (!routes.isEmpty()) {
            routing.add("ipam.routes " + String.join(", ", routes));
        }
        ipam.path("addresses").forEach(address -> {
            if (!text(address.path("gateway"), "").isEmpty()) {
                routing.add("ipam.addresses gateway " + address.path("gateway").asText());
            }
        });
        ipam.path("ranges")
                .forEach(set -> set.forEach(range -> {
                    if (!text(range.path("gateway"), "").isEmpty()) {
                        routing.add(
                                "ipam.ranges gateway " + range.path("gateway").asText());
                    }
                }));
        return routing;
    }

    private static JsonNode parse(String config) {
        if (config == null || config.isBlank()) {
            return JSON.createObjectNode();
        }
        try {
            JsonNode node = JSON.readTree(config);
            if (!node.isObject()) {
                throw new IllegalArgumentException("spec.config is not a JSON object");
            }
            return node;
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("spec.config is not JSON: " + e.getOriginalMessage());
        }
    }

    private static String text(JsonNode node) {
        return text(node, null);
    }

    private static String text(JsonNode node, String otherwise) {
        return node.isValueNode() && !node.isNull() ? node.asText() : otherwise;
    }
}
