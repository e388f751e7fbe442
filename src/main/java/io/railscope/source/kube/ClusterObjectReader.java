package io.railscope.source.kube;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.LabelSelector;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.Service;
import io.fabric8.kubernetes.api.model.networking.v1.NetworkPolicy;
import io.fabric8.kubernetes.api.model.networking.v1.NetworkPolicySpec;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.http.HttpClient;
import io.fabric8.kubernetes.client.dsl.base.ResourceDefinitionContext;
import io.railscope.config.AuditSettings;
import io.railscope.config.IpamSettings;
import io.railscope.source.ipam.ClusterObjects;
import io.railscope.source.ipam.ClusterObjects.AddressRange;
import io.railscope.source.ipam.ClusterObjects.CiliumConfig;
import io.railscope.source.ipam.ClusterObjects.CiliumNodeObject;
import io.railscope.source.ipam.ClusterObjects.CiliumPodIpPool;
import io.railscope.source.ipam.ClusterObjects.ClusterPool;
import io.railscope.source.ipam.ClusterObjects.EventObject;
import io.railscope.source.ipam.ClusterObjects.IndexRange;
import io.railscope.source.ipam.ClusterObjects.NetworkAttachment;
import io.railscope.source.ipam.ClusterObjects.NodeAllocation;
import io.railscope.source.ipam.ClusterObjects.NodeObject;
import io.railscope.source.ipam.ClusterObjects.NvIpamPool;
import io.railscope.source.ipam.ClusterObjects.PodObject;
import io.railscope.source.ipam.ClusterObjects.ServiceCidr;
import io.railscope.source.ipam.ClusterObjects.WhereaboutsPool;
import io.railscope.source.ipam.IsolationObjects;
import io.railscope.source.ipam.IsolationObjects.AttachmentDefinition;
import io.railscope.source.ipam.IsolationObjects.MultusConfig;
import io.railscope.source.ipam.IsolationObjects.NetworkPolicyObject;
import io.railscope.source.ipam.IsolationObjects.PodSecurity;
import java.io.IOException;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Consumer;

/** Reads what IPAM needs from one cell's API, page by page, into compact {@link ClusterObjects}. */
final class ClusterObjectReader {

    static final Set<String> FAILURE_REASONS = Set.of("FailedCreatePodSandBox", "CIDRNotAvailable", "NoFreeRanges", "NoFreePrefixes");

    private final KubernetesClient client;
    private final IpamSettings ipam;
    private final AuditSettings audit;
    private final Clock clock;
    private Map<String, String> ciliumConfig;

    ClusterObjectReader(KubernetesClient client, IpamSettings ipam, AuditSettings audit, Clock clock) {
        this.client = client;
        this.ipam = ipam;
        this.audit = audit;
        this.clock = clock;
    }

    ClusterObjects read() {
        ciliumConfig = null;
        Instant at = clock.instant();
        List<String> problems = new ArrayList<>();
        List<NodeObject> nodes = new ArrayList<>();
        Pages.forEach(client.nodes()::list, node -> nodes.add(node(node)));
        PodIsolationReader isolationReader = new PodIsolationReader(audit.inferenceSelector().keys(), problems);
        List<PodObject> pods = pods(isolationReader);
        List<PodSecurity> audited = isolationReader.audited();
        List<CiliumNodeObject> ciliumNodes = new ArrayList<>();
        custom(Resources.CILIUM_NODE, problems, resource -> ciliumNodes.add(ciliumNode(resource)));
        List<CiliumPodIpPool> ciliumPools = new ArrayList<>();
        Optional<CiliumConfig> cilium = ciliumConfig();
        if (cilium.filter(CiliumConfig::multiPool).isPresent()) {
            try {
                custom(Resources.CILIUM_POD_IP_POOL, problems, resource -> ciliumPools.add(new CiliumPodIpPool(resource.getMetadata().getName(),
                        Resources.strings(resource.get("spec", "ipv4", "cidrs")),
                        Resources.integer(resource.get("spec", "ipv4", "maskSize"), "spec.ipv4.maskSize"))));
            } catch (KubernetesClientException e) {
                if (e.getCode() != 403) {
                    throw e;
                }
                problems.add("CiliumPodIPPools: the API refused to list them (403); grant list ciliumpodippools.cilium.io "
                        + "(k8s/clusterrole.yaml); the multi-pool pools are not shown meanwhile");
            }
        }
        List<NvIpamPool> nvIpamPools = new ArrayList<>();
        Map<String, String> poolGateways = new HashMap<>();
        custom(Resources.NV_IPAM_IPPOOL, problems, resource -> {
            nvIpamPools.add(ipPool(resource));
            gateway(resource, "IPPool", "gateway", poolGateways);
        });
        custom(Resources.NV_IPAM_CIDRPOOL, problems, resource -> {
            nvIpamPools.add(cidrPool(resource));
            gateway(resource, "CIDRPool", "gatewayIndex", poolGateways);
        });
        List<WhereaboutsPool> whereabouts = new ArrayList<>();
        custom(Resources.WHEREABOUTS_IPPOOL, problems, resource -> whereabouts.add(whereaboutsPool(resource)));
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
            custom(version, problems, resource -> serviceCidrs.add(new ServiceCidr(resource.getMetadata().getName(),
                    Resources.strings(resource.get("spec", "cidrs")))));
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
        boolean policiesRead = AuditRead.of("NetworkPolicies", "list networkpolicies", problems,
                () -> Pages.forEach(client.network().v1().networkPolicies().inAnyNamespace()::list, policy -> policies.add(policy(policy))))
                .orElse(false);
        Optional<MultusConfig> multus = MultusConfigReader.read(client, audit.multusConfigMaps(), problems);
        if (multus.isEmpty() && !definitions.isEmpty()) {
            problems.add("Multus configuration: not found in ConfigMap " + String.join(" or ", audit.multusConfigMaps())
                    + " although the cell has NetworkAttachmentDefinitions; namespaceIsolation not checked (set audit.multus-config-maps)");
        }
        IsolationObjects isolation = new IsolationObjects(IsolationObjects.podsByNamespace(pods), policiesRead, policies, audited, definitions,
                poolGateways, multus);
        return new ClusterObjects(at, nodes, pods, ciliumNodes, clusterPool(cilium, problems), cilium, ciliumPools, calicoIpam(problems), nvIpamPools, whereabouts, attachments,
                serviceCidrs, clusterIps, events, isolation, problems);
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
    private boolean custom(ResourceDefinitionContext context, List<String> problems, Consumer<GenericKubernetesResource> each) {
        var resources = client.genericKubernetesResources(context);
        Consumer<GenericKubernetesResource> guarded = resource -> {
            try {
                each.accept(resource);
            } catch (RuntimeException e) {
                problems.add(Resources.describe(context, resource) + ": " + e.getMessage() + "; skipped");
            }
        };
        return context.isNamespaceScoped() ? Pages.forEach(resources.inAnyNamespace()::list, guarded) : Pages.forEach(resources::list, guarded);
    }

    private static CiliumNodeObject ciliumNode(GenericKubernetesResource resource) {
        Map<String, List<String>> poolCidrs = new TreeMap<>();
        for (Object item : Resources.list(resource.get("spec", "ipam", "pools", "allocated"))) {
            Map<String, Object> allocated = Resources.map(item);
            poolCidrs.put(Resources.string(allocated.get("pool")), Resources.strings(allocated.get("cidrs")));
        }
        List<String> requested = new ArrayList<>();
        for (Object item : Resources.list(resource.get("spec", "ipam", "pools", "requested"))) {
            requested.add(Resources.string(Resources.map(item).get("pool")));
        }
        return new CiliumNodeObject(resource.getMetadata().getName(), Resources.strings(resource.get("spec", "ipam", "podCIDRs")),
                Resources.string(resource.get("status", "ipam", "operator-status", "error")), poolCidrs, requested);
    }

    /** Cilium's IPAM settings when Cilium is the cell's CNI; the defaults are the agent's (option/config.go). */
    private Optional<CiliumConfig> ciliumConfig() {
        Map<String, String> data = ciliumConfigData();
        if (data == null) {
            return Optional.empty();
        }
        String mode = data.getOrDefault("ipam", "cluster-pool").trim();
        boolean health = !"false".equalsIgnoreCase(data.getOrDefault("enable-endpoint-health-checking", "true").trim());
        return Optional.of(new CiliumConfig(mode, health, data.getOrDefault("ipam-default-ip-pool", "default").trim()));
    }

    private Map<String, String> ciliumConfigData() {
        if (ciliumConfig == null) {
            ConfigMap config = client.configMaps().inNamespace("kube-system").withName("cilium-config").get();
            ciliumConfig = config == null || config.getData() == null ? Map.of() : config.getData();
        }
        return ciliumConfig.isEmpty() ? null : ciliumConfig;
    }

    /** Calico runs its own IPAM (calico-ipam) when it has IPPools: its blocks are not Node.spec.podCIDRs. */
    private boolean calicoIpam(List<String> problems) {
        try {
            var pools = client.genericKubernetesResources(Resources.CALICO_IPPOOL).list(new io.fabric8.kubernetes.api.model.ListOptionsBuilder()
                    .withLimit(1L).build());
            return !pools.getItems().isEmpty();
        } catch (KubernetesClientException e) {
            if (e.getCode() == 404) {
                return false;
            }
            if (e.getCode() != 403) {
                throw e;
            }
            problems.add("Calico IPPools: the API refused to list them (403); grant list ippools.crd.projectcalico.org "
                    + "(k8s/clusterrole.yaml). CIDRNotAvailable events count against the primary pool meanwhile");
            return false;
        }
    }

    /**
     * The pool per-node blocks are cut from: configured; Cilium's cluster pool; else, where blocks are
     * Node.spec.podCIDRs, kube-controller-manager's --cluster-cidr as kubeadm records it (podSubnet) at its
     * default IPv4 --node-cidr-mask-size of 24.
     */
    private Optional<ClusterPool> clusterPool(Optional<CiliumConfig> cilium, List<String> problems) {
        if (!ipam.clusterPoolCidrs().isEmpty()) {
            return Optional.of(new ClusterPool(ipam.clusterPoolCidrs(), ipam.clusterPoolMask().orElseThrow(), "configured"));
        }
        Map<String, String> data = ciliumConfigData();
        if (data == null || data.get("cluster-pool-ipv4-cidr") == null) {
            return cilium.isEmpty() || "kubernetes".equals(cilium.get().ipamMode()) ? kubeadmPodSubnet(problems) : Optional.empty();
        }
        List<String> cidrs = List.of(data.get("cluster-pool-ipv4-cidr").trim().split("[\\s,]+"));
        try {
            int mask = Integer.parseInt(data.getOrDefault("cluster-pool-ipv4-mask-size", "24").trim());
            return Optional.of(new ClusterPool(cidrs, mask, "cilium-cluster-pool"));
        } catch (NumberFormatException e) {
            problems.add("ConfigMap kube-system/cilium-config: cluster-pool-ipv4-mask-size is not a number; cluster pool unknown");
            return Optional.empty();
        }
    }

    private Optional<ClusterPool> kubeadmPodSubnet(List<String> problems) {
        ConfigMap config;
        try {
            config = client.configMaps().inNamespace("kube-system").withName("kubeadm-config").get();
        } catch (KubernetesClientException e) {
            if (e.getCode() != 403) {
                throw e;
            }
            problems.add("ConfigMap kube-system/kubeadm-config: the API refused to show it (403); grant get on it (k8s/clusterrole.yaml) "
                    + "or set ipam.cluster-pool-cidrs; the cluster pool is unknown meanwhile");
            return Optional.empty();
        }
        String clusterConfiguration = config == null || config.getData() == null ? null : config.getData().get("ClusterConfiguration");
        java.util.regex.Matcher podSubnet = clusterConfiguration == null ? null
                : java.util.regex.Pattern.compile("(?m)^\\s*podSubnet:\\s*\"?([^\"\\s]+)").matcher(clusterConfiguration);
        if (podSubnet == null || !podSubnet.find()) {
            return Optional.empty();
        }
        List<String> cidrs = List.of(podSubnet.group(1).split(",")).stream().map(String::strip).filter(cidr -> !cidr.contains(":")).toList();
        return cidrs.isEmpty() ? Optional.empty() : Optional.of(new ClusterPool(cidrs, 24, "kubeadm-pod-subnet"));
    }

    private static NodeObject node(Node node) {
        List<String> cidrs = node.getSpec() == null ? List.of() : node.getSpec().getPodCIDRs();
        if ((cidrs == null || cidrs.isEmpty()) && node.getSpec() != null && node.getSpec().getPodCIDR() != null) {
            cidrs = List.of(node.getSpec().getPodCIDR());
        }
        int maxPods = 0;
        if (node.getStatus() != null && node.getStatus().getCapacity() != null) {
            Quantity pods = node.getStatus().getCapacity().get("pods");
            maxPods = pods == null ? 0 : Quantity.getAmountInBytes(pods).intValue();
        }
        Map<String, String> labels = node.getMetadata().getLabels();
        return new NodeObject(node.getMetadata().getName(), labels == null ? Map.of() : labels, cidrs == null ? List.of() : cidrs,
                maxPods);
    }

    private static NvIpamPool ipPool(GenericKubernetesResource resource) {
        List<NodeAllocation> allocations = new ArrayList<>();
        for (Object item : Resources.list(resource.get("status", "allocations"))) {
            Map<String, Object> allocation = Resources.map(item);
            allocations.add(new NodeAllocation(Resources.string(allocation.get("nodeName")), Resources.string(allocation.get("startIP")),
                    Resources.string(allocation.get("endIP")), null));
        }
        return new NvIpamPool(resource.getMetadata().getNamespace(), resource.getMetadata().getName(), false,
                required(resource.get("spec", "subnet"), "spec.subnet"),
                Resources.integer(resource.get("spec", "perNodeBlockSize"), "spec.perNodeBlockSize"), 0,
                exclusions(resource), allocations, Resources.string(resource.get("spec", "gateway")), null, perNodeExclusions(resource), List.of());
    }

    private static NvIpamPool cidrPool(GenericKubernetesResource resource) {
        List<NodeAllocation> allocations = new ArrayList<>();
        for (Object item : Resources.list(resource.get("status", "allocations"))) {
            Map<String, Object> allocation = Resources.map(item);
            allocations.add(new NodeAllocation(Resources.string(allocation.get("nodeName")), null, null,
                    Resources.string(allocation.get("prefix")), Resources.string(allocation.get("gateway"))));
        }
        List<NodeAllocation> statics = new ArrayList<>();
        for (Object item : Resources.list(resource.get("spec", "staticAllocations"))) {
            Map<String, Object> allocation = Resources.map(item);
            statics.add(new NodeAllocation(Resources.string(allocation.get("nodeName")), null, null, Resources.string(allocation.get("prefix")),
                    Resources.string(allocation.get("gateway"))));
        }
        Object gatewayIndex = resource.get("spec", "gatewayIndex");
        return new NvIpamPool(resource.getMetadata().getNamespace(), resource.getMetadata().getName(), true,
                required(resource.get("spec", "cidr"), "spec.cidr"), 0,
                Resources.integer(resource.get("spec", "perNodeNetworkPrefix"), "spec.perNodeNetworkPrefix"), exclusions(resource),
                allocations, null, gatewayIndex == null ? null : Resources.integer(gatewayIndex, "spec.gatewayIndex"), perNodeExclusions(resource),
                statics);
    }

    private static List<IndexRange> perNodeExclusions(GenericKubernetesResource resource) {
        List<IndexRange> ranges = new ArrayList<>();
        for (Object item : Resources.list(resource.get("spec", "perNodeExclusions"))) {
            Map<String, Object> range = Resources.map(item);
            ranges.add(new IndexRange(Resources.integer(range.get("startIndex"), "spec.perNodeExclusions.startIndex"),
                    Resources.integer(range.get("endIndex"), "spec.perNodeExclusions.endIndex")));
        }
        return ranges;
    }

    private static List<AddressRange> exclusions(GenericKubernetesResource resource) {
        List<AddressRange> exclusions = new ArrayList<>();
        for (Object item : Resources.list(resource.get("spec", "exclusions"))) {
            Map<String, Object> exclusion = Resources.map(item);
            exclusions.add(new AddressRange(Resources.string(exclusion.get("startIP")), Resources.string(exclusion.get("endIP"))));
        }
        return exclusions;
    }

    /** A key that is no 64-bit offset is one whereabouts itself skips (the address counts as free): reported, not fatal. */
    private static WhereaboutsPool whereaboutsPool(GenericKubernetesResource resource) {
        Map<Long, String> podrefs = new TreeMap<>();
        List<String> malformed = new ArrayList<>();
        for (Map.Entry<String, Object> allocation : Resources.map(resource.get("spec", "allocations")).entrySet()) {
            try {
                podrefs.put(Long.parseLong(allocation.getKey()), Resources.string(Resources.map(allocation.getValue()).get("podref")));
            } catch (NumberFormatException e) {
                malformed.add(allocation.getKey());
            }
        }
        return new WhereaboutsPool(resource.getMetadata().getName(), required(resource.get("spec", "range"), "spec.range"), podrefs, malformed);
    }

    private static void gateway(GenericKubernetesResource resource, String kind, String field, Map<String, String> gateways) {
        Object gateway = resource.get("spec", field);
        if (gateway != null && !gateway.toString().isBlank()) {
            gateways.put(resource.getMetadata().getName(), kind + " " + resource.getMetadata().getNamespace() + "/"
                    + resource.getMetadata().getName() + " spec." + field + " " + gateway);
        }
    }

    /** A policy type applies when listed; without a list, Ingress always and Egress when it has egress rules. */
    private static NetworkPolicyObject policy(NetworkPolicy policy) {
        NetworkPolicySpec spec = policy.getSpec();
        LabelSelector selector = spec == null ? null : spec.getPodSelector();
        boolean all = selector == null || (empty(selector.getMatchLabels()) && empty(selector.getMatchExpressions()));
        int ingress = spec == null || spec.getIngress() == null ? 0 : spec.getIngress().size();
        int egress = spec == null || spec.getEgress() == null ? 0 : spec.getEgress().size();
        List<String> types = spec == null || spec.getPolicyTypes() == null ? List.of() : spec.getPolicyTypes();
        boolean ingressType = types.isEmpty() || types.contains("Ingress");
        boolean egressType = types.isEmpty() ? egress > 0 : types.contains("Egress");
        return new NetworkPolicyObject(policy.getMetadata().getNamespace(), policy.getMetadata().getName(), all, ingressType, egressType,
                ingress, egress);
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
        if (service.getSpec().getClusterIPs() != null && !service.getSpec().getClusterIPs().isEmpty()) {
            return service.getSpec().getClusterIPs();
        }
        String ip = service.getSpec().getClusterIP();
        return ip == null ? List.of() : List.of(ip);
    }

    private static EventObject event(io.fabric8.kubernetes.api.model.Event event) {
        var involved = event.getInvolvedObject();
        String last = event.getLastTimestamp() != null ? event.getLastTimestamp() : event.getMetadata().getCreationTimestamp();
        int count = event.getCount() != null ? event.getCount()
                : event.getSeries() != null && event.getSeries().getCount() != null ? event.getSeries().getCount() : 1;
        return new EventObject(event.getMetadata().getNamespace(), event.getReason(), event.getMessage(),
                involved == null ? null : involved.getKind(), involved == null ? null : involved.getName(),
                involved == null ? null : involved.getNamespace(), event.getSource() == null ? null : event.getSource().getHost(), count,
                last == null ? null : Instant.parse(last));
    }

    private static String required(Object value, String field) {
        if (value == null || value.toString().isBlank()) {
            throw new IllegalArgumentException(field + " is missing");
        }
        return value.toString();
    }
}
