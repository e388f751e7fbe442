package io.railscope.source.kube;

import io.fabric8.kubernetes.api.model.Event;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.LabelSelector;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.Service;
import io.fabric8.kubernetes.api.model.networking.v1.NetworkPolicy;
import io.fabric8.kubernetes.api.model.networking.v1.NetworkPolicySpec;
import io.railscope.source.IsolationObjects.NetworkPolicyObject;
import io.railscope.source.ipam.ClusterObjects.EventObject;
import io.railscope.source.ipam.ClusterObjects.NodeObject;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/** Kubernetes' own objects (Nodes, Services, Events, NetworkPolicies) in the compact forms Railscope keeps. */
final class CoreObjects {

    private CoreObjects() {}

    static NodeObject node(Node node) {
        List<String> cidrs = node.getSpec() == null ? List.of() : node.getSpec().getPodCIDRs();
        if ((cidrs == null || cidrs.isEmpty())
                && node.getSpec() != null
                && node.getSpec().getPodCIDR() != null) {
            cidrs = List.of(node.getSpec().getPodCIDR());
        }
        int maxPods = 0;
        if (node.getStatus() != null && node.getStatus().getCapacity() != null) {
            Quantity pods = node.getStatus().getCapacity().get("pods");
            maxPods = pods == null ? 0 : Quantity.getAmountInBytes(pods).intValue();
        }
        Map<String, String> labels = node.getMetadata().getLabels();
        return new NodeObject(
                node.getMetadata().getName(),
                labels == null ? Map.of() : labels,
                cidrs == null ? List.of() : cidrs,
                maxPods,
                node.getSpec() == null ? null : node.getSpec().getProviderID());
    }

    /** Where a pool hands out a gateway ("IPPool ns/name spec.gateway 10.0.0.1"), or null when it does not. */
    static String gateway(GenericKubernetesResource resource, String kind, String field) {
        Object gateway = resource.get("spec", field);
        if (gateway == null || gateway.toString().isBlank()) {
            return null;
        }
        return kind + " " + resource.getMetadata().getNamespace() + "/"
                + resource.getMetadata().getName() + " spec." + field + " " + gateway;
    }

    /** A policy type applies when listed; without a list, Ingress always and Egress when it has egress rules. */
    static NetworkPolicyObject policy(NetworkPolicy policy) {
        NetworkPolicySpec spec = policy.getSpec();
        LabelSelector selector = spec == null ? null : spec.getPodSelector();
        boolean all = selector == null || (empty(selector.getMatchLabels()) && empty(selector.getMatchExpressions()));
        int ingress = spec == null || spec.getIngress() == null
                ? 0
                : spec.getIngress().size();
        int egress =
                spec == null || spec.getEgress() == null ? 0 : spec.getEgress().size();
        List<String> types = spec == null || spec.getPolicyTypes() == null ? List.of() : spec.getPolicyTypes();
        boolean ingressType = types.isEmpty() || types.contains("Ingress");
        boolean egressType = types.isEmpty() ? egress > 0 : types.contains("Egress");
        return new NetworkPolicyObject(
                policy.getMetadata().getNamespace(),
                policy.getMetadata().getName(),
                all,
                ingressType,
                egressType,
                ingress,
                egress);
    }

    private static boolean empty(Map<?, ?> map) {
        return map == null || map.isEmpty();
    }

    private static boolean empty(List<?> list) {
        return list == null || list.isEmpty();
    }

    static List<String> clusterIps(Service service) {
        if (service.getSpec() == null) {
            return List.of();
        }
        if (service.getSpec().getClusterIPs() != null
                && !service.getSpec().getClusterIPs().isEmpty()) {
            return service.getSpec().getClusterIPs();
        }
        String ip = service.getSpec().getClusterIP();
        return ip == null ? List.of() : List.of(ip);
    }

    static EventObject event(Event event) {
        var involved = event.getInvolvedObject();
        String last = event.getLastTimestamp() != null
                ? event.getLastTimestamp()
                : event.getMetadata().getCreationTimestamp();
        int count = event.getCount() != null
                ? event.getCount()
                : event.getSeries() != null && event.getSeries().getCount() != null
                        ? event.getSeries().getCount()
                        : 1;
        return new EventObject(
                event.getMetadata().getNamespace(),
                event.getReason(),
                event.getMessage(),
                involved == null ? null : involved.getKind(),
                involved == null ? null : involved.getName(),
                involved == null ? null : involved.getNamespace(),
                event.getSource() == null ? null : event.getSource().getHost(),
                count,
                last == null ? null : Instant.parse(last));
    }
}
