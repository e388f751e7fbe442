package io.railscope.source.kube;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.railscope.source.IsolationObjects.AttachmentDefinition;
import io.railscope.source.ipam.ClusterObjects.NetworkAttachment;
import io.railscope.source.ipam.ClusterObjects.WhereaboutsRange;
import io.railscope.source.json.ClusterJson;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A NetworkAttachmentDefinition's CNI config ({@code spec.config}, a single plugin or a conflist with
 * {@code plugins}), read once for IPAM (its pool) and for the isolation audit (MTU, gateway, routes).
 */
record AttachmentConfig(NetworkAttachment attachment, AttachmentDefinition definition) {

    static final String RESOURCE_NAME = "k8s.v1.cni.cncf.io/resourceName";

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
                .orElse(ClusterJson.missing());
        Integer mtu = plugins.stream()
                .map(plugin -> plugin.path("mtu"))
                .filter(JsonNode::isNumber)
                .map(JsonNode::asInt)
                .findFirst()
                .orElse(null);
        String type = text(ipam.path("type"));
        List<WhereaboutsRange> ranges = "whereabouts".equals(type) ? whereaboutsRanges(ipam) : List.of();
        return new AttachmentConfig(
                new NetworkAttachment(namespace, name, type, text(ipam.path("poolName")), ranges),
                new AttachmentDefinition(
                        namespace,
                        name,
                        text(main.path("type")),
                        text(ipam.path("poolName")),
                        annotations.get(RESOURCE_NAME),
                        mtu,
                        routing(ipam)));
    }

    /**
     * whereabouts' ranges as its LoadIPAMConfig (pkg/config/config.go@v0.6.2..v0.9.4) makes them: the top-level
     * {@code range} with the top-level {@code range_start}, {@code range_end} and {@code exclude} first, then every
     * {@code ipRanges} entry with its own; a range written {@code first-last/prefix} is the CIDR narrowed to those.
     */
    private static List<WhereaboutsRange> whereaboutsRanges(JsonNode ipam) {
        List<JsonNode> entries = new ArrayList<>();
        if (text(ipam.path("range")) != null) {
            entries.add(ipam);
        }
        ipam.path("ipRanges").forEach(entries::add);
        String networkName = text(ipam.path("network_name"));
        List<WhereaboutsRange> ranges = new ArrayList<>();
        for (JsonNode entry : entries) {
            String range = text(entry.path("range"));
            if (range == null) {
                continue;
            }
            String rangeStart = text(entry.path("range_start"));
            String rangeEnd = text(entry.path("range_end"));
            int dash = range.indexOf('-');
            if (dash > 0 && dash < range.indexOf('/')) {
                String first = range.substring(0, dash);
                String last = range.substring(dash + 1, range.indexOf('/'));
                range = first + range.substring(range.indexOf('/'));
                rangeStart = rangeStart == null ? first : rangeStart;
                rangeEnd = rangeEnd == null ? last : rangeEnd;
            }
            List<String> exclude = new ArrayList<>();
            entry.path("exclude").forEach(cidr -> exclude.add(cidr.asText()));
            ranges.add(new WhereaboutsRange(range, rangeStart, rangeEnd, exclude, networkName));
        }
        return ranges;
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
            return ClusterJson.object();
        }
        try {
            JsonNode node = ClusterJson.read(config);
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
