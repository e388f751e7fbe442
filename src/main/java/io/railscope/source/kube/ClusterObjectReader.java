package io.railscope.source.kube;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.dsl.base.ResourceDefinitionContext;
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
import io.railscope.source.kube.PodPageParser.PodEntry;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;

/**
 * Reads what IPAM and the isolation audit need from one cell's API into compact {@link ClusterObjects}: the many and
 * changing objects from their watches ({@link CellWatches}), the few configuration objects read each time.
 */
final class ClusterObjectReader {

    static final Set<String> FAILURE_REASONS =
            Set.of("FailedCreatePodSandBox", "CIDRNotAvailable", "NoFreeRanges", "NoFreePrefixes");

    private final KubernetesClient client;
    private final IpamSettings ipam;
    private final AuditSettings audit;
    private final Clock clock;
    private final CellWatches watches;

    ClusterObjectReader(KubernetesClient client, IpamSettings ipam, AuditSettings audit, Clock clock) {
        this.client = client;
        this.ipam = ipam;
        this.audit = audit;
        this.clock = clock;
        this.watches = new CellWatches(client, audit.inferenceSelector().keys());
    }

    CellWatches watches() {
        return watches;
    }

    /** Ends the watches: the cell is read no more here (another replica collects it, or Railscope stops); a read after this lists again. */
    void close() {
        watches.close();
    }

    ClusterObjects read() {
        Instant at = clock.instant();
        List<String> problems = new ArrayList<>();
        List<NodeObject> nodes = values(watches.nodes, problems);
        List<PodObject> pods = new ArrayList<>();
        List<PodSecurity> audited = new ArrayList<>();
        WatchedKind.Current<PodEntry> podEntries = watches.pods.current();
        problems.addAll(podEntries.problems());
        for (PodEntry entry : podEntries.values()) {
            pods.add(entry.pod());
            if (entry.security() != null) {
                audited.add(entry.security());
            }
            problems.addAll(entry.problems());
        }
        List<CiliumNodeObject> ciliumNodes = values(watches.ciliumNodes, problems);
        CniConfigReader cni = new CniConfigReader(client, ipam, problems);
        Optional<CiliumConfig> cilium = cni.cilium();
        List<CiliumPodIpPool> ciliumPools = cni.ciliumPools(cilium, (context, each) -> custom(context, problems, each));
        List<NvIpamPool> nvIpamPools = new ArrayList<>();
        Map<String, String> poolGateways = new HashMap<>();
        for (WatchedKind<?, CellWatches.Pool> kind : List.of(watches.nvIpamIpPools, watches.nvIpamCidrPools)) {
            for (CellWatches.Pool pool : values(kind, problems)) {
                nvIpamPools.add(pool.pool());
                if (pool.gateway() != null) {
                    poolGateways.put(pool.name(), pool.gateway());
                }
            }
        }
        List<WhereaboutsPool> whereabouts = values(watches.whereaboutsPools, problems);
        List<NetworkAttachment> attachments = new ArrayList<>();
        List<AttachmentDefinition> definitions = new ArrayList<>();
        for (AttachmentConfig config : values(watches.attachments, problems)) {
            attachments.add(config.attachment());
            definitions.add(config.definition());
        }
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
        List<String> clusterIps = values(watches.services, problems).stream()
                .flatMap(List::stream)
                .toList();
        List<EventObject> events = values(watches.failureEvents, problems);
        List<NetworkPolicyObject> policies = new ArrayList<>();
        // not served (404) or refused (403): no namespace can be judged
        boolean policiesRead = AuditRead.of(
                        "NetworkPolicies",
                        "list networkpolicies",
                        problems,
                        () -> policies.addAll(values(watches.policies, problems)))
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
                cni.calico().present(),
                cni.calico().blocks(),
                nvIpamPools,
                whereabouts,
                attachments,
                serviceCidrs,
                clusterIps,
                events,
                isolation,
                problems);
    }

    /** The current objects of a watched kind; those that could not be read are problems. */
    private static <R> List<R> values(WatchedKind<?, R> kind, List<String> problems) {
        WatchedKind.Current<R> current = kind.current();
        problems.addAll(current.problems());
        return current.values();
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
}
