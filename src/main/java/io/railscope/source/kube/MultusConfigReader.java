package io.railscope.source.kube;

import com.fasterxml.jackson.databind.JsonNode;
import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.railscope.source.IsolationObjects.MultusConfig;
import io.railscope.source.json.ClusterJson;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * Finds the Multus configuration in the first of the configured ConfigMaps that exists: the thick
 * plugin's {@code daemon-config.json} or the thin plugin's {@code cni-conf.json} (any key holding a
 * JSON object with {@code namespaceIsolation}, or of {@code type} multus).
 */
final class MultusConfigReader {

    private MultusConfigReader() {}

    static Optional<MultusConfig> read(KubernetesClient client, List<String> configMaps, List<String> problems) {
        for (String qualified : configMaps) {
            String namespace = qualified.substring(0, qualified.indexOf('/'));
            String name = qualified.substring(qualified.indexOf('/') + 1);
            ConfigMap configMap = AuditRead.of(
                            "ConfigMap " + qualified,
                            "get on configmaps named " + name,
                            problems,
                            () -> client.configMaps()
                                    .inNamespace(namespace)
                                    .withName(name)
                                    .get())
                    .orElse(null);
            if (configMap == null || configMap.getData() == null) {
                continue;
            }
            for (Map.Entry<String, String> entry : new TreeMap<>(configMap.getData()).entrySet()) {
                String source = "ConfigMap " + qualified + " key " + entry.getKey();
                JsonNode config;
                try {
                    config = ClusterJson.read(entry.getValue());
                } catch (IOException e) {
                    if (entry.getKey().endsWith(".json")) {
                        problems.add(source + ": not JSON ("
                                + e.getMessage().lines().findFirst().orElse("") + "); Multus configuration skipped");
                    }
                    continue;
                }
                if (config == null || !config.isObject()) {
                    continue;
                }
                if (config.has("namespaceIsolation")
                        || "multus".equals(config.path("type").asText())
                        || config.has("clusterNetwork")
                        || config.has("multusNamespace")) {
                    JsonNode isolation = config.path("namespaceIsolation");
                    return Optional.of(new MultusConfig(
                            "ConfigMap " + qualified,
                            isolation.isBoolean()
                                    ? isolation.asBoolean()
                                    : isolation.isTextual() ? Boolean.parseBoolean(isolation.asText()) : null));
                }
            }
        }
        return Optional.empty();
    }
}
