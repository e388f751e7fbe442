package io.railscope.source.kube;

import io.fabric8.kubernetes.api.model.Event;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.LabelSelector;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.Service;
import io.fabric8.kubernetes.api.model.networking.v1.NetworkPolicy;
import io.fabric8.kubernetes.api.model.networking.v1.NetworkPolicySpec;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.dsl.base.ResourceDefinitionContext;
import io.fabric8.kubernetes.client.http.HttpClient;
import io.railscope.config.AuditSettings;
import io.railscope.config.IpamSettings;
import io.railscope.source.IsolationObjects;
import io.railscope.source.IsolationObjects.AttachmentDefinition;
import io.railscope.source.IsolationObjects.MultusConfig;
import io.railscope.source.IsolationObjects.NetworkPolicyObject;
import io.railscope.source.IsolationObjects.PodSecurity;
import io.railscope.source.ipam.ClusterObjects;
import io.railscope.source.ipam.ClusterObjects.CiliumConfig;
import io.railscope.source.ipam.ClusterObjects.CiliumNodeObject;
import io.railscope.source.ipam.ClusterObjects.CiliumPodIpPool;
import io.railscope.source.ipam.ClusterObjects.EventObject;
import io.railscope.source.ipam.ClusterObjects.NetworkAttachment;
import io.railscope.source.ipam.ClusterObjects.NodeObject;
import io.railscope.source.ipam.ClusterObjects.NvIpamPool;
import io.railscope.source.ipam.ClusterObjects.PodObject;
import io.railscope.source.ipam.ClusterObjects.ServiceCidr;
import io.railscope.source.ipam.ClusterObjects.WhereaboutsPool;
import java.io.IOException;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;

/** Reads what IPAM needs from one cell's API, page by page, into compact {@link ClusterObjects}. */
final class ClusterObjectReader {

    static final Set<String> FAILURE_REASONS =
            Set.of("FailedCreatePodSandBox", "CIDRNotAvailable", "NoFreeRanges", "NoFreePrefixes");

    private final KubernetesClient client;
    private final IpamSettings ipam;
    private final AuditSettings audit;
    private final Clock clock;

    ClusterObjectReader(KubernetesClient client, IpamSettings ipam, AuditSettings audit, Clock clock) {
        this.client = client;
        this.ipam = ipam;
        this.audit = audit;
        this.clock = clock;
    }

    ClusterObjects read() {
        Instant at = clock.instant();
        List<String> problems = new ArrayList<>();
        List<NodeObject> nodes = new ArrayList<>();
        Pages.forEach(client.nodes()::list, node -> nodes.add(node(node)));
        PodIsolationReader isolationReader =
                new PodIsolationReader(audit.inferenceSelector().keys(), problems);
        List<PodObject> pods = pods(isolationReader);
        List<PodSecurity> audited = isolationReader.audited();
        List<CiliumNodeObject> ciliumNodes = new ArrayList<>();
        custom(Resources.CILIUM_NODE, problems, resource -> ciliumNodes.add(IpamResources.ciliumNode(resource)));
        CniConfigReader cni = new CniConfigReader(client, ipam, problems);
        Optional<CiliumConfig> cilium = cni.cilium();
        List<CiliumPodIpPool> ciliumPools = cni.ciliumPools(cilium, (context, each) -> custom(context, problems, each));
        List<NvIpamPool> nvIpamPools = new ArrayList<>();
        Map<String, String> poolGateways = new HashMap<>();
        custom(Resources.NV_IPAM_IPPOOL, problems, resource -> {
            nvIpamPools.add(IpamResources.ipPool(resource));
            gateway(resource, "IPPool", "gateway", poolGateways);
        });
        custom(Resources.NV_IPAM_CIDRPOOL, problems, resource -> {
            nvIpamPools.add(IpamResources.cidrPool(resource));
            gateway(resource, "CIDRPool", "gatewayIndex", poolGateways);
        });
        List<WhereaboutsPool> whereabouts = new ArrayList<>();
        custom(
                Resources.WHEREABOUTS_IPPOOL,
                problems,
                resource -> whereabouts.add(IpamResources.whereaboutsPool(resource)));
        List<NetworkAttachment> attachments = new ArrayList<>();
        List<AttachmentDefinition> definitions = new ArrayList<>();
        custom(Resources.NETWORK_ATTACHMENT, problems, resource -> {
            AttachmentConfig config = AttachmentConfig.of(resource);
            attachments.add(config.attachment());
            definitions.add(config.definition());
        });
        List<ServiceCidr> serviceCidrs = new ArrayList<>();
        // GA in 1.33; served as v1beta1 from 1.31 and v1alpha1 from 1.29 behind a feature gate
        for (ResourceDefinitionContext version : Resources.SERVICE_CIDR_VERSIONS) {
            custom(
                    version,
                    problems,
                    resource -> serviceCidrs.add(new ServiceCidr(
                            resource.getMetadata().getName(), Resources.strings(resource.get("spec", "cidrs")))));
            if (!serviceCidrs.isEmpty()) {
                break;
            }
        }
        if (serviceCidrs.isEmpty() && !ipam.serviceCidrs().isEmpty()) {
            serviceCidrs.add(new ServiceCidr("configured", ipam.serviceCidrs()));
        }
        List<String> clusterIps = new ArrayList<>();
        Pages.forEach(client.services().inAnyNamespace()::list, service -> clusterIps.addAll(clusterIps(service)));
        List<EventObject> events = new ArrayList<>();
        // one pass over all events, filtered here: not every API server filters events by reason
        Pages.forEach(client.v1().events().inAnyNamespace()::list, event -> {
            if (FAILURE_REASONS.contains(event.getReason())) {
                events.add(event(event));
            }
        });
        List<NetworkPolicyObject> policies = new ArrayList<>();
        // not served (404) or refused (403): no namespace can be judged
        boolean policiesRead = AuditRead.of(
                        "NetworkPolicies",
                        "list networkpolicies",
                        problems,
                        () -> Pages.forEach(
                                client.network().v1().networkPolicies().inAnyNamespace()::list,
                                policy -> policies.add(policy(policy))))
                .orElse(false);
        Optional<MultusConfig> multus = MultusConfigReader.read(client, audit.multusConfigMaps(), problems);
        if (multus.isEmpty() && !definitions.isEmpty()) {
            problems.add(
                    "Multus configuration: not found in ConfigMap " + String.join(" or ", audit.multusConfigMaps())
                            + " although the cell has NetworkAttachmentDefinitions; namespaceIsolation not checked (set audit.multus-config-maps)");
        }
        IsolationObjects isolation = new IsolationObjects(
                ClusterObjects.podsByNamespace(pods),
                policiesRead,
                policies,
                audited,
                definitions,
                poolGateways,
                multus);
        return new ClusterObjects(
                at,
                nodes,
                pods,
                ciliumNodes,
                cni.clusterPool(cilium),
                cilium,
                ciliumPools,
                cni.calicoIpam(),
                nvIpamPools,
                whereabouts,
                attachments,
                serviceCidrs,
                clusterIps,
                events,
                isolation,
                problems);
    }

    /**
     * All pods, page by page, parsed straight into compact records (see {@link PodPageParser}). The
     * next page is requested as soon as this page's continue token is known, so the transfer of one
     * page overlaps the parsing of the previous.
     */
    private List<PodObject> pods(PodIsolationReader isolation) {
        HttpClient http = client.getHttpClient();
        String base = client.getMasterUrl().toString().replaceAll("/+$", "") + "/api/v1/pods?limit=" + Pages.SIZE;
        long timeout = Math.max(1, client.getConfiguration().getRequestTimeout());
        List<PodObject> pods = new ArrayList<>();
        PodPage page = new PodPage(http, base, null, timeout);
        while (page != null) {
            byte[] body = page.body();
            try {
                String next = PodPageParser.continueToken(body);
                PodPage following = next == null ? null : new PodPage(http, base, next, timeout);
                PodPageParser.parse(body, pods, isolation);
                page = following;
            } catch (IOException e) {
                throw new KubernetesClientException("listing pods: malformed page: " + e.getMessage(), e);
            }
        }
        return pods;
    }

    /** Hands each object of a custom resource to {@code each}; false when the API does not serve it. */
    private boolean custom(
            ResourceDefinitionContext context, List<String> problems, Consumer<GenericKubernetesResource> each) {
        var resources = client.genericKubernetesResources(context);
        Consumer<GenericKubernetesResource> guarded = resource -> {
            try {
                each.accept(resource);
            } catch (RuntimeException e) {
                problems.add(Resources.describe(context, resource) + ": " + e.getMessage() + "; skipped");
            }
        };
        return context.isNamespaceScoped()
                ? Pages.forEach(resources.inAnyNamespace()::list, guarded)
                : Pages.forEach(resources::list, guarded);
    }

    private static NodeObject node(Node node) {
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
                maxPods);
    }

    private static void gateway(
            GenericKubernetesResource resource, String kind, String field, Map<String, String> gateways) {
        Object gateway = resource.get("spec", field);
        if (gateway != null && !gateway.toString().isBlank()) {
            gateways.put(
                    resource.getMetadata().getName(),
                    kind + " " + resource.getMetadata().getNamespace() + "/"
                            + resource.getMetadata().getName() + " spec." + field + " " + gateway);
        }
    }

    /** A policy type applies when listed; without a list, Ingress always and Egress when it has egress rules. */
    private static NetworkPolicyObject policy(NetworkPolicy policy) {
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

    private static List<String> clusterIps(Service service) {
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

    private static EventObject event(Event event) {
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
