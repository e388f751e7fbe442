package io.railscope.source.kube;

import io.fabric8.kubernetes.api.model.Event;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.Service;
import io.fabric8.kubernetes.api.model.networking.v1.NetworkPolicy;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.dsl.base.ResourceDefinitionContext;
import io.fabric8.kubernetes.client.http.HttpClient;
import io.railscope.source.IsolationObjects.NetworkPolicyObject;
import io.railscope.source.ipam.ClusterObjects.CiliumNodeObject;
import io.railscope.source.ipam.ClusterObjects.EventObject;
import io.railscope.source.ipam.ClusterObjects.NodeObject;
import io.railscope.source.ipam.ClusterObjects.NvIpamPool;
import io.railscope.source.ipam.ClusterObjects.WhereaboutsPool;
import io.railscope.source.kube.PodPageParser.PodEntry;
import io.railscope.source.kube.WatchedKind.Kept;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Set;
import java.util.function.BiConsumer;
import java.util.function.Function;

/**
 * The objects of one cell that change and are many, each kind listed once and then watched (see {@link WatchedKind}).
 * Pods are listed page by page with the streaming parser and their watch events read by the same parser, so a pod is
 * kept alike whichever way it came.
 */
final class CellWatches implements AutoCloseable {

    final WatchedKind<Node, NodeObject> nodes;
    final WatchedKind<Pod, PodEntry> pods;
    final WatchedKind<GenericKubernetesResource, CiliumNodeObject> ciliumNodes;
    final WatchedKind<GenericKubernetesResource, Pool> nvIpamIpPools;
    final WatchedKind<GenericKubernetesResource, Pool> nvIpamCidrPools;
    final WatchedKind<GenericKubernetesResource, WhereaboutsPool> whereaboutsPools;
    final WatchedKind<GenericKubernetesResource, AttachmentConfig> attachments;
    final WatchedKind<Service, List<String>> services;
    final WatchedKind<Event, EventObject> failureEvents;
    final WatchedKind<NetworkPolicy, NetworkPolicyObject> policies;

    /** An nv-ipam pool and the gateway it hands out, if any. */
    record Pool(NvIpamPool pool, String name, String gateway) {}

    private final KubernetesClient client;
    private final Set<String> labelKeys;

    CellWatches(KubernetesClient client, Set<String> labelKeys) {
        this.client = client;
        this.labelKeys = Set.copyOf(labelKeys);
        nodes = new WatchedKind<>(
                "nodes",
                each -> Pages.list(
                        client.nodes()::list,
                        node -> each.accept(WatchedKind.key(node), kept(node, CoreObjects::node))),
                client.nodes()::watch,
                node -> kept(node, CoreObjects::node));
        pods = new WatchedKind<>("pods", this::listPods, client.pods().inAnyNamespace()::watch, this::pod);
        ciliumNodes = custom(Resources.CILIUM_NODE, IpamResources::ciliumNode);
        nvIpamIpPools = custom(
                Resources.NV_IPAM_IPPOOL,
                resource -> new Pool(
                        IpamResources.ipPool(resource),
                        resource.getMetadata().getName(),
                        CoreObjects.gateway(resource, "IPPool", "gateway")));
        nvIpamCidrPools = custom(
                Resources.NV_IPAM_CIDRPOOL,
                resource -> new Pool(
                        IpamResources.cidrPool(resource),
                        resource.getMetadata().getName(),
                        CoreObjects.gateway(resource, "CIDRPool", "gatewayIndex")));
        whereaboutsPools = custom(Resources.WHEREABOUTS_IPPOOL, IpamResources::whereaboutsPool);
        attachments = custom(Resources.NETWORK_ATTACHMENT, AttachmentConfig::of);
        services = new WatchedKind<>(
                "services",
                each -> Pages.list(
                        client.services().inAnyNamespace()::list,
                        service -> each.accept(WatchedKind.key(service), kept(service, CoreObjects::clusterIps))),
                client.services().inAnyNamespace()::watch,
                service -> kept(service, CoreObjects::clusterIps));
        // every event is watched and only the failures kept: not every API server filters events by reason
        failureEvents = new WatchedKind<>(
                "events",
                each -> Pages.list(
                        client.v1().events().inAnyNamespace()::list,
                        event -> each.accept(WatchedKind.key(event), failure(event))),
                client.v1().events().inAnyNamespace()::watch,
                CellWatches::failure);
        policies = new WatchedKind<>(
                "networkpolicies",
                each -> Pages.list(
                        client.network().v1().networkPolicies().inAnyNamespace()::list,
                        policy -> each.accept(WatchedKind.key(policy), kept(policy, CoreObjects::policy))),
                client.network().v1().networkPolicies().inAnyNamespace()::watch,
                policy -> kept(policy, CoreObjects::policy));
    }

    @Override
    public void close() {
        for (WatchedKind<?, ?> kind : List.of(
                nodes,
                pods,
                ciliumNodes,
                nvIpamIpPools,
                nvIpamCidrPools,
                whereaboutsPools,
                attachments,
                services,
                failureEvents,
                policies)) {
            kind.close();
        }
    }

    private <R> WatchedKind<GenericKubernetesResource, R> custom(
            ResourceDefinitionContext context, Function<GenericKubernetesResource, R> convert) {
        var resources = client.genericKubernetesResources(context);
        Function<GenericKubernetesResource, Kept<R>> guarded = resource -> {
            try {
                return new Kept<>(convert.apply(resource), null);
            } catch (RuntimeException e) {
                return new Kept<>(null, Resources.describe(context, resource) + ": " + e.getMessage() + "; skipped");
            }
        };
        return context.isNamespaceScoped()
                ? new WatchedKind<>(
                        context.getPlural(),
                        each -> Pages.list(
                                resources.inAnyNamespace()::list,
                                resource -> each.accept(WatchedKind.key(resource), guarded.apply(resource))),
                        resources.inAnyNamespace()::watch,
                        guarded)
                : new WatchedKind<>(
                        context.getPlural(),
                        each -> Pages.list(
                                resources::list,
                                resource -> each.accept(WatchedKind.key(resource), guarded.apply(resource))),
                        resources::watch,
                        guarded);
    }

    private static <T, R> Kept<R> kept(T object, Function<T, R> convert) {
        return new Kept<>(convert.apply(object), null);
    }

    private static Kept<EventObject> failure(Event event) {
        return ClusterObjectReader.FAILURE_REASONS.contains(event.getReason())
                ? new Kept<>(CoreObjects.event(event), null)
                : new Kept<>(null, null);
    }

    /** A pod of a watch event, read by the same parser as the pages of the list. */
    private Kept<PodEntry> pod(Pod pod) {
        try {
            byte[] json = client.getKubernetesSerialization().asJson(pod).getBytes(StandardCharsets.UTF_8);
            return new Kept<>(PodPageParser.parseOne(json, labelKeys), null);
        } catch (IOException | RuntimeException e) {
            return new Kept<>(null, "Pod " + WatchedKind.key(pod) + ": " + e.getMessage() + "; skipped");
        }
    }

    /**
     * All pods, page by page, parsed straight into compact records. The next page is requested as soon as this page's
     * continue token is known, so the transfer of one page overlaps the parsing of the previous.
     */
    private String listPods(BiConsumer<String, Kept<PodEntry>> each) {
        HttpClient http = client.getHttpClient();
        String base = client.getMasterUrl().toString().replaceAll("/+$", "") + "/api/v1/pods?limit=" + Pages.SIZE;
        long timeout = Math.max(1, client.getConfiguration().getRequestTimeout());
        String version = null;
        PodPage page = new PodPage(http, base, null, timeout);
        while (page != null) {
            byte[] body = page.body();
            try {
                if (version == null) {
                    version = PodPageParser.resourceVersion(body);
                }
                String next = PodPageParser.continueToken(body);
                PodPage following = next == null ? null : new PodPage(http, base, next, timeout);
                PodPageParser.parseEntries(body, labelKeys, (key, entry) -> each.accept(key, new Kept<>(entry, null)));
                page = following;
            } catch (IOException e) {
                throw new KubernetesClientException("listing pods: malformed page: " + e.getMessage(), e);
            }
        }
        return version == null ? "" : version;
    }
}
