package io.railscope.source.ipam;

import io.railscope.model.AllocationFailureKind;
import io.railscope.source.AllocationFailure;
import io.railscope.source.ipam.ClusterObjects.EventObject;
import io.railscope.source.ipam.ClusterObjects.PodObject;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Allocation failures among a cell's events, attributed to a node and a pool where the event says.
 * FailedCreatePodSandBox counts only with an IPAM exhaustion message (see {@link ExhaustionMessages});
 * it belongs to the backend pool named in it, to the pool of the network Multus names in it, or to
 * the whereabouts pool of the range it prints, and otherwise to the primary pool unless only backend
 * IPAM prints such a message. CIDRNotAvailable is kube-controller-manager out of pod CIDRs, about the
 * primary pool only when the CNI takes its blocks from Node.spec.podCIDRs; NoFreeRanges and
 * NoFreePrefixes are nv-ipam pools out of blocks.
 */
final class AllocationFailures {

    /** Multus: {@code error adding container to network "rail-1"}, or the {@code [ns/pod/uid:rail-1]} it prefixes errors with. */
    private static final Pattern MULTUS_NETWORK =
            Pattern.compile("to network \"([^\"]+)\"|\\[[^\\[\\]/]+/[^\\[\\]:]+:([^\\[\\]:]+)\\]");

    /** A CIDR as a whereabouts range is printed, IPv4 or IPv6. */
    private static final Pattern CIDR =
            Pattern.compile("(\\d{1,3}(?:\\.\\d{1,3}){3}/\\d{1,2}|[0-9a-fA-F]*:[0-9a-fA-F:]*:[0-9a-fA-F]*/\\d{1,3})");

    private final List<AllocationFailure> failures = new ArrayList<>();
    private final Map<String, Long> countByPool = new HashMap<>();
    private final Map<String, Pattern> poolPatterns = new HashMap<>();

    /**
     * @param primaryPools       pools of the primary plane besides the cluster pool (Cilium multi-pool), by name
     * @param blocksFromNodeSpec the CNI takes its per-node blocks from Node.spec.podCIDRs, which CIDRNotAvailable is about
     */
    private final Predicate<String> poolHasFreeBlocks;

    AllocationFailures(
            ClusterObjects objects,
            BackendPools backend,
            Set<String> primaryPools,
            boolean blocksFromNodeSpec,
            Predicate<String> poolHasFreeBlocks,
            List<String> problems) {
        this.poolHasFreeBlocks = poolHasFreeBlocks;
        Map<String, String> nodeOfPod = objects.events().isEmpty() ? Map.of() : nodeOfPod(objects.pods());
        Set<String> attachments = new HashSet<>();
        objects.attachments().forEach(attachment -> attachments.add(attachment.name()));
        for (EventObject event : objects.events()) {
            try {
                attribute(event, nodeOfPod, backend, attachments, primaryPools, blocksFromNodeSpec);
            } catch (RuntimeException e) {
                problems.add("Event " + event.namespace() + " " + event.reason() + " about " + event.involvedName()
                        + ": skipped: " + e.getMessage());
            }
        }
    }

    private void attribute(
            EventObject event,
            Map<String, String> nodeOfPod,
            BackendPools backend,
            Set<String> attachments,
            Set<String> primaryPools,
            boolean blocksFromNodeSpec) {
        String message = event.message() == null ? "" : event.message();
        switch (event.reason() == null ? "" : event.reason()) {
            case "FailedCreatePodSandBox" -> {
                if (ExhaustionMessages.isExhaustion(message)) {
                    String pod = event.involvedNamespace() + "/" + event.involvedName();
                    String node = event.host() != null ? event.host() : nodeOfPod.get(pod);
                    String pool = namedPool(message, primaryPools);
                    pool = pool != null ? pool : backendPool(message, backend);
                    // a network Multus names that is a NetworkAttachmentDefinition is a backend one, whatever its IPAM
                    boolean backendNetwork =
                            pool == null && multusNetworks(message).stream().anyMatch(attachments::contains);
                    AllocationFailureKind kind = ExhaustionMessages.kindOf(message);
                    String claimedFrom = pool != null ? pool : IpamDerivation.PRIMARY_POOL;
                    if (ExhaustionMessages.noFreeAffineBlocks(message) && poolHasFreeBlocks.test(claimedFrom)) {
                        // Calico found no block it could claim for the node while the pool has unclaimed ones: the
                        // node's limit (or its nodeSelector), not the pool, ran out
                        kind = AllocationFailureKind.NODE_BLOCK_LIMIT;
                    }
                    // a node at its block limit is no failure of the pool, which may have most of its blocks free
                    boolean ofPool = kind != AllocationFailureKind.NODE_BLOCK_LIMIT;
                    add(
                            event,
                            pod,
                            node,
                            pool != null || backendNetwork || !ofPool || ExhaustionMessages.backendOnly(message)
                                    ? pool
                                    : IpamDerivation.PRIMARY_POOL,
                            kind);
                }
            }
            case "CIDRNotAvailable" -> {
                if (blocksFromNodeSpec) {
                    add(
                            event,
                            event.involvedName(),
                            event.involvedName(),
                            IpamDerivation.PRIMARY_POOL,
                            AllocationFailureKind.POOL_EXHAUSTED);
                }
            }
            case "NoFreeRanges", "NoFreePrefixes" ->
                add(event, event.involvedName(), null, event.involvedName(), AllocationFailureKind.POOL_EXHAUSTED);
            default -> {
                // not an allocation failure
            }
        }
    }

    private static Map<String, String> nodeOfPod(List<PodObject> pods) {
        Map<String, String> nodes = new HashMap<>(pods.size() * 2);
        for (PodObject pod : pods) {
            if (pod.node() != null) {
                nodes.put(pod.namespace() + "/" + pod.name(), pod.node());
            }
        }
        return nodes;
    }

    List<AllocationFailure> failures() {
        return failures;
    }

    long countFor(String pool) {
        return countByPool.getOrDefault(pool, 0L);
    }

    private void add(EventObject event, String object, String node, String pool, AllocationFailureKind kind) {
        int count = Math.max(1, event.count());
        failures.add(new AllocationFailure(
                event.reason(), object, node, pool, event.message(), count, event.lastSeen(), kind));
        if (pool != null) {
            countByPool.merge(pool, (long) count, Long::sum);
        }
    }

    /**
     * The pool of {@code pools} the message names as a pool: {@code pool "rdma-jobs"} (also with escaped quotes),
     * or {@code pool rail-1} as nv-ipam 0.1 writes it. A bare word is no pool: a namespace may be called "default".
     */
    private String namedPool(String message, Set<String> pools) {
        for (String pool : pools) {
            Pattern named = poolPatterns.computeIfAbsent(
                    pool,
                    name -> Pattern.compile("pool (?:\\\\?\"" + Pattern.quote(name) + "\\\\?\"|" + Pattern.quote(name)
                            + "(?![\\w.-]))"));
            if (named.matcher(message).find()) {
                return pool;
            }
        }
        return null;
    }

    private static List<String> multusNetworks(String message) {
        List<String> networks = new ArrayList<>();
        Matcher network = MULTUS_NETWORK.matcher(message);
        while (network.find()) {
            networks.add(network.group(1) != null ? network.group(1) : network.group(2));
        }
        return networks;
    }

    /** The backend pool a failure is about, or null when the message names none Railscope knows. */
    private String backendPool(String message, BackendPools backend) {
        String named = namedPool(message, backend.poolNames());
        if (named != null) {
            return named;
        }
        for (String network : multusNetworks(message)) {
            String pool = backend.poolOfAttachment(network);
            if (pool != null) {
                return pool;
            }
        }
        Matcher cidr = CIDR.matcher(message);
        while (cidr.find()) {
            String pool = whereaboutsPool(cidr.group(1), backend);
            if (pool != null) {
                return pool;
            }
        }
        for (String range : GoIpNets.cidrs(message)) {
            String pool = whereaboutsPool(range, backend);
            if (pool != null) {
                return pool;
            }
        }
        return null;
    }

    private static String whereaboutsPool(String range, BackendPools backend) {
        if (range == null) {
            return null;
        }
        try {
            String name = WhereaboutsNames.poolName(range);
            return backend.poolNames().contains(name) ? name : null;
        } catch (IllegalArgumentException e) {
            return null;
        }
    }
}
