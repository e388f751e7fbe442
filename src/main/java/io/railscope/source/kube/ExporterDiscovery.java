package io.railscope.source.kube;

import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.railscope.source.exposition.ExporterTarget;
import java.util.ArrayList;
import java.util.List;

/**
 * node_exporter pods found by label selector: each running pod's IP and port, on the node it runs on. A failed list
 * says so in a user's words, naming the API server and the selector.
 */
final class ExporterDiscovery {

    private final KubernetesClient client;
    private final String selector;
    private final int port;
    private final String where;

    ExporterDiscovery(KubernetesClient client, String selector, int port, String where) {
        this.client = client;
        this.selector = selector;
        this.port = port;
        this.where = where;
    }

    List<ExporterTarget> targets() {
        try {
            return listed();
        } catch (KubernetesClientException e) {
            throw KubernetesErrors.inWords(
                    e, where + " (finding node_exporter pods by metrics.exporter-selector " + selector + ")");
        }
    }

    private List<ExporterTarget> listed() {
        List<ExporterTarget> targets = new ArrayList<>();
        Pages.forEach(
                options -> client.pods()
                        .inAnyNamespace()
                        .withLabelSelector(selector)
                        .list(options),
                (Pod pod) -> {
                    var status = pod.getStatus();
                    var spec = pod.getSpec();
                    if (status != null
                            && "Running".equals(status.getPhase())
                            && status.getPodIP() != null
                            && spec != null
                            && spec.getNodeName() != null) {
                        targets.add(new ExporterTarget(status.getPodIP() + ":" + port, spec.getNodeName()));
                    }
                });
        return targets;
    }
}
