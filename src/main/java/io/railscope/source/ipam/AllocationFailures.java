package io.railscope.source.ipam;

import io.railscope.source.AllocationFailure;
import io.railscope.source.ipam.ClusterObjects.EventObject;
import io.railscope.source.ipam.ClusterObjects.PodObject;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Allocation failures among a cell's events, attributed to a node and a pool where the event says.
 * FailedCreatePodSandBox counts only with an IPAM message (host-local, Cilium, AWS VPC CNI,
 * whereabouts, nv-ipam); CIDRNotAvailable is the node IPAM controller out of pod CIDRs;
 * NoFreeRanges / NoFreePrefixes are nv-ipam pools out of blocks.
 */
final class AllocationFailures {

    private static final List<String> PRIMARY_MESSAGES = List.of(
            "no IP addresses available in range set", "range is full", "failed to assign an IP address to container");
    private static final List<String> BACKEND_MESSAGES = List.of("Could not allocate IP in range", "no free addresses in the pool");

    private final List<AllocationFailure> failures = new ArrayList<>();
    private final Map<String, Long> countByPool = new HashMap<>();

    AllocationFailures(ClusterObjects objects, Set<String> backendPools) {
        Map<String, String> nodeOfPod = objects.events().isEmpty() ? Map.of() : nodeOfPod(objects.pods());
        for (EventObject event : objects.events()) {
            String message = event.message() == null ? "" : event.message();
            switch (event.reason() == null ? "" : event.reason()) {
                case "FailedCreatePodSandBox" -> {
                    String pool = sandboxPool(message, backendPools);
                    if (pool != null) {
                        String pod = event.involvedNamespace() + "/" + event.involvedName();
                        String node = event.host() != null ? event.host() : nodeOfPod.get(pod);
                        add(event, pod, node, pool.isEmpty() ? null : pool);
                    }
                }
                case "CIDRNotAvailable" -> add(event, event.involvedName(), event.involvedName(), IpamDerivation.PRIMARY_POOL);
                case "NoFreeRanges", "NoFreePrefixes" -> add(event, event.involvedName(), null, event.involvedName());
                default -> {
                    // not an allocation failure
                }
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

    private void add(EventObject event, String object, String node, String pool) {
        int count = Math.max(1, event.count());
        failures.add(new AllocationFailure(event.reason(), object, node, pool, event.message(), count, event.lastSeen()));
        if (pool != null) {
            countByPool.merge(pool, (long) count, Long::sum);
        }
    }

    /** The pool a sandbox failure is about: the primary pool, a backend pool named in it, "" for an unnamed backend pool, null when not IPAM. */
    private static String sandboxPool(String message, Set<String> backendPools) {
        for (String primary : PRIMARY_MESSAGES) {
            if (message.contains(primary)) {
                return IpamDerivation.PRIMARY_POOL;
            }
        }
        for (String backend : BACKEND_MESSAGES) {
            if (message.contains(backend)) {
                return backendPools.stream().filter(message::contains).findFirst().orElse("");
            }
        }
        return null;
    }
}
