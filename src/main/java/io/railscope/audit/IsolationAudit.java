package io.railscope.audit;

import io.railscope.config.AuditSettings;
import io.railscope.model.IsolationCheck;
import io.railscope.source.IsolationObjects;
import io.railscope.source.IsolationObjects.Attachment;
import io.railscope.source.IsolationObjects.AttachmentDefinition;
import io.railscope.source.IsolationObjects.NetworkPolicyObject;
import io.railscope.source.IsolationObjects.PodSecurity;
import io.railscope.source.RdmaNetnsReport;
import io.railscope.source.ipam.RailMapping;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/** The isolation audit of a cell's Kubernetes objects: one finding per object to fix, pods grouped by their controller. */
public final class IsolationAudit {

    private static final Pattern RDMA_RESOURCE = Pattern.compile(".*(rdma|rail|hca).*", Pattern.CASE_INSENSITIVE);
    private static final int EXAMPLES = 3;

    private final AuditSettings settings;
    private final RailMapping rails;

    public IsolationAudit(AuditSettings settings, RailMapping rails) {
        this.settings = settings;
        this.rails = rails;
    }

    public List<IsolationFinding> audit(IsolationObjects objects) {
        Map<String, AttachmentDefinition> definitions = new HashMap<>();
        objects.attachmentDefinitions().forEach(definition -> definitions.put(definition.qualifiedName(), definition));
        List<IsolationFinding> findings = new ArrayList<>();
        run(IsolationCheck.NAMESPACE_WITHOUT_DEFAULT_DENY, findings, () -> defaultDeny(objects));
        run(
                IsolationCheck.HOST_NETWORK_POD,
                findings,
                () -> grouped(
                        IsolationCheck.HOST_NETWORK_POD,
                        tenantPods(objects).filter(PodSecurity::hostNetwork).toList(),
                        pod -> "hostNetwork: true"));
        run(
                IsolationCheck.PRIVILEGED_POD,
                findings,
                () -> grouped(
                        IsolationCheck.PRIVILEGED_POD,
                        tenantPods(objects)
                                .filter(pod -> !pod.escalations().isEmpty())
                                .toList(),
                        pod -> String.join(", ", pod.escalations())));
        run(IsolationCheck.FOREIGN_ATTACHMENT, findings, () -> foreignAttachments(objects));
        run(
                IsolationCheck.INFERENCE_WITH_RAILS,
                findings,
                () -> grouped(
                        IsolationCheck.INFERENCE_WITH_RAILS,
                        objects.pods().stream()
                                .filter(pod -> settings.inferenceSelector().matches(pod.labels()))
                                .filter(pod -> pod.railResources() > 0
                                        || pod.attachments().stream().anyMatch(a -> backend(a, definitions)))
                                .toList(),
                        pod -> inferenceRails(pod, definitions)));
        run(IsolationCheck.ROUTED_BACKEND, findings, () -> routedBackends(objects));
        run(IsolationCheck.MULTUS_NO_NAMESPACE_ISOLATION, findings, () -> multus(objects));
        run(IsolationCheck.RAIL_MTU_MISMATCH, findings, () -> mtu(objects, definitions));
        return findings;
    }

    /** Nodes whose RDMA subsystem runs in shared netns mode, as one finding for the cell. */
    public List<IsolationFinding> rdmaNetns(RdmaNetnsReport report) {
        if (!settings.runs(IsolationCheck.RDMA_NETNS_SHARED)
                || report.sharedNodes().isEmpty()) {
            return List.of();
        }
        int nodesReporting = report.nodesReporting();
        List<String> sorted = report.sharedNodes().stream().sorted().toList();
        String shown = sorted.stream().limit(10).collect(Collectors.joining(", ")) + (sorted.size() > 10 ? ", …" : "");
        return List.of(new IsolationFinding(
                IsolationCheck.RDMA_NETNS_SHARED,
                null,
                "RDMA subsystem",
                sorted.size() == 1 ? sorted.get(0) : null,
                sorted.size(),
                sorted.size() + " of " + nodesReporting + " nodes reporting node_rdma_netns_exclusive run shared: "
                        + shown));
    }

    private void run(IsolationCheck check, List<IsolationFinding> findings, Supplier<List<IsolationFinding>> audit) {
        if (settings.runs(check)) {
            findings.addAll(audit.get());
        }
    }

    private List<IsolationFinding> defaultDeny(IsolationObjects objects) {
        if (!objects.networkPoliciesRead()) {
            return List.of();
        }
        Map<String, List<NetworkPolicyObject>> policies =
                objects.networkPolicies().stream().collect(Collectors.groupingBy(NetworkPolicyObject::namespace));
        List<IsolationFinding> findings = new ArrayList<>();
        for (Map.Entry<String, Integer> namespace : new TreeMap<>(objects.podsByNamespace()).entrySet()) {
            if (settings.isSystem(namespace.getKey())) {
                continue;
            }
            List<NetworkPolicyObject> own = policies.getOrDefault(namespace.getKey(), List.of());
            boolean ingress = own.stream().anyMatch(NetworkPolicyObject::deniesIngress);
            boolean egress = own.stream().anyMatch(NetworkPolicyObject::deniesEgress);
            if (ingress && egress) {
                continue;
            }
            String missing = !ingress && !egress ? "ingress and egress" : ingress ? "egress" : "ingress";
            findings.add(new IsolationFinding(
                    IsolationCheck.NAMESPACE_WITHOUT_DEFAULT_DENY,
                    namespace.getKey(),
                    "Namespace " + namespace.getKey(),
                    null,
                    namespace.getValue(),
                    "No NetworkPolicy denies " + missing + " by default for its " + pods(namespace.getValue()) + " ("
                            + own.size() + " NetworkPolicies in the namespace)."));
        }
        return findings;
    }

    private List<IsolationFinding> foreignAttachments(IsolationObjects objects) {
        Map<String, List<PodSecurity>> byNamespaceAndNetwork = new TreeMap<>();
        Map<String, String> interfaces = new HashMap<>();
        for (PodSecurity pod : objects.pods()) {
            if (settings.isSystem(pod.namespace())) {
                continue;
            }
            for (Attachment attachment : pod.attachments()) {
                String owner = attachment.networkNamespace(pod.namespace());
                if (!owner.equals(pod.namespace())
                        && !settings.sharedAttachmentNamespaces().contains(owner)) {
                    String key = pod.namespace() + "\u0000" + owner + "/" + attachment.networkName();
                    List<PodSecurity> pods = byNamespaceAndNetwork.computeIfAbsent(key, k -> new ArrayList<>());
                    if (pods.isEmpty() || pods.get(pods.size() - 1) != pod) {
                        pods.add(pod);
                    }
                    interfaces.putIfAbsent(key, attachment.iface());
                }
            }
        }
        List<IsolationFinding> findings = new ArrayList<>();
        byNamespaceAndNetwork.forEach((key, pods) -> {
            String namespace = key.substring(0, key.indexOf('\u0000'));
            String network = key.substring(key.indexOf('\u0000') + 1);
            findings.add(new IsolationFinding(
                    IsolationCheck.FOREIGN_ATTACHMENT,
                    namespace,
                    "NetworkAttachmentDefinition " + network,
                    single(pods),
                    pods.size(),
                    "Interface " + interfaces.get(key) + " of " + pods(pods.size()) + " of namespace " + namespace
                            + " (" + examples(pods) + ") comes from " + network + "."));
        });
        return findings;
    }

    private List<IsolationFinding> routedBackends(IsolationObjects objects) {
        List<IsolationFinding> findings = new ArrayList<>();
        for (AttachmentDefinition definition : objects.attachmentDefinitions()) {
            if (!backend(definition)) {
                continue;
            }
            List<String> routing = new ArrayList<>(definition.routing());
            String poolGateway = definition.poolName() == null
                    ? null
                    : objects.poolGateways().get(definition.poolName());
            if (poolGateway != null) {
                routing.add(poolGateway);
            }
            if (!routing.isEmpty()) {
                findings.add(new IsolationFinding(
                        IsolationCheck.ROUTED_BACKEND,
                        definition.namespace(),
                        "NetworkAttachmentDefinition " + definition.qualifiedName(),
                        null,
                        0,
                        "Backend network with " + String.join("; ", routing) + "."));
            }
        }
        return findings;
    }

    private static List<IsolationFinding> multus(IsolationObjects objects) {
        return objects.multus()
                .filter(config -> !Boolean.TRUE.equals(config.namespaceIsolation()))
                .map(config -> List.of(new IsolationFinding(
                        IsolationCheck.MULTUS_NO_NAMESPACE_ISOLATION,
                        null,
                        config.source(),
                        null,
                        0,
                        config.namespaceIsolation() == null
                                ? "namespaceIsolation is not set, so it is off."
                                : "namespaceIsolation is false.")))
                .orElse(List.of());
    }

    private List<IsolationFinding> mtu(IsolationObjects objects, Map<String, AttachmentDefinition> definitions) {
        int expected = settings.expectedMtu();
        Map<String, String> nadFindings = new LinkedHashMap<>();
        for (AttachmentDefinition definition : objects.attachmentDefinitions()) {
            if (backend(definition) && definition.mtu() != null && definition.mtu() != expected) {
                nadFindings.put(
                        definition.qualifiedName(),
                        "Its CNI config sets mtu " + definition.mtu() + "; the cell's rails run " + expected + ".");
            }
        }
        Map<String, Map<Integer, List<String>>> reported = new TreeMap<>();
        for (PodSecurity pod : objects.pods()) {
            for (Attachment attachment : pod.attachments()) {
                if (attachment.mtu() != null && attachment.mtu() != expected && backend(attachment, definitions)) {
                    String network = attachment.networkNamespace(pod.namespace()) + "/" + attachment.networkName();
                    reported.computeIfAbsent(network, k -> new TreeMap<>())
                            .computeIfAbsent(attachment.mtu(), k -> new ArrayList<>())
                            .add(pod.namespace() + "/" + pod.name() + " " + attachment.iface());
                }
            }
        }
        List<IsolationFinding> findings = new ArrayList<>();
        nadFindings.forEach((network, detail) -> findings.add(mtuFinding(network, 0, detail)));
        reported.forEach((network, byMtu) -> {
            if (nadFindings.containsKey(network)) {
                return;
            }
            int pods = byMtu.values().stream().mapToInt(List::size).sum();
            String seen = byMtu.entrySet().stream()
                    .map(entry -> "mtu " + entry.getKey() + " on "
                            + pods(entry.getValue().size()) + " ("
                            + entry.getValue().stream().limit(EXAMPLES).collect(Collectors.joining(", ")) + ")")
                    .collect(Collectors.joining("; "));
            findings.add(mtuFinding(
                    network, pods, "network-status reports " + seen + "; the cell's rails run " + expected + "."));
        });
        return findings;
    }

    private static IsolationFinding mtuFinding(String network, int pods, String detail) {
        return new IsolationFinding(
                IsolationCheck.RAIL_MTU_MISMATCH,
                network.substring(0, network.indexOf('/')),
                "NetworkAttachmentDefinition " + network,
                null,
                pods,
                detail);
    }

    private Stream<PodSecurity> tenantPods(IsolationObjects objects) {
        return objects.pods().stream().filter(pod -> !settings.isSystem(pod.namespace()));
    }

    /** One finding per controller (or bare pod), with the first pod's reason and a few pod names. */
    private static List<IsolationFinding> grouped(
            IsolationCheck check, List<PodSecurity> pods, Function<PodSecurity, String> reason) {
        Map<String, List<PodSecurity>> bySubject = pods.stream()
                .sorted(Comparator.comparing(PodSecurity::namespace).thenComparing(PodSecurity::name))
                .collect(Collectors.groupingBy(PodSecurity::subject, TreeMap::new, Collectors.toList()));
        List<IsolationFinding> findings = new ArrayList<>();
        bySubject.forEach((object, group) -> findings.add(new IsolationFinding(
                check,
                group.get(0).namespace(),
                object,
                single(group),
                group.size(),
                reason.apply(group.get(0)) + " on " + pods(group.size()) + " (" + examples(group) + ").")));
        return findings;
    }

    private String inferenceRails(PodSecurity pod, Map<String, AttachmentDefinition> definitions) {
        List<String> what = new ArrayList<>();
        if (pod.railResources() > 0) {
            what.add(pod.railResources() + " RDMA devices requested");
        }
        List<String> interfaces = pod.attachments().stream()
                .filter(a -> backend(a, definitions))
                .map(Attachment::iface)
                .toList();
        if (!interfaces.isEmpty()) {
            what.add("backend interfaces " + String.join(", ", interfaces));
        }
        return "matches " + settings.inferenceSelector() + " with " + String.join(" and ", what);
    }

    private boolean backend(Attachment attachment, Map<String, AttachmentDefinition> definitions) {
        if (attachment.rdmaDevice() != null) {
            return true;
        }
        AttachmentDefinition definition = definitions.get(attachment.network());
        return definition != null && backend(definition);
    }

    private boolean backend(AttachmentDefinition definition) {
        return rails.isRailNetwork(definition.poolName(), definition.name())
                || definition.resourceName() != null
                        && RDMA_RESOURCE.matcher(definition.resourceName()).matches()
                || "ib-sriov".equals(definition.cniType())
                || "rdma".equals(definition.cniType());
    }

    private static String single(List<PodSecurity> pods) {
        String node = pods.get(0).node();
        return pods.stream().allMatch(pod -> Objects.equals(pod.node(), node)) ? node : null;
    }

    private static String pods(int count) {
        return count + (count == 1 ? " pod" : " pods");
    }

    private static String examples(List<PodSecurity> pods) {
        return pods.stream().limit(EXAMPLES).map(PodSecurity::name).collect(Collectors.joining(", "))
                + (pods.size() > EXAMPLES ? ", …" : "");
    }
}
