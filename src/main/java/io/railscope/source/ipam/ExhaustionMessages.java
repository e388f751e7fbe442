package io.railscope.source.ipam;

import java.util.List;

/**
 * What CNIs and IPAM plugins print when a range has no address left, as kubelet passes it on in a
 * FailedCreatePodSandBox event. Some are only ever about backend networks (whereabouts, nv-ipam); the
 * others are about whichever network the CNI serves, the primary one unless the message names a
 * backend network.
 */
final class ExhaustionMessages {

    private static final List<String> BACKEND_ONLY = List.of(
            "Could not allocate IP in range", // whereabouts, pkg/allocate/allocate.go
            "no free addresses in the pool"); // nv-ipam, pkg/ipam-node/allocator
    private static final List<String> ANY_NETWORK = List.of(
            "no IP addresses available in range set", // host-local, plugins/ipam/host-local/backend/allocator
            "range is full", // Cilium agent, pkg/ipam (cluster-pool, kubernetes)
            "pool not (yet) available",
            "all pod CIDR ranges are exhausted",
            "all CIDR ranges are exhausted", // Cilium multi-pool
            // Cilium eni, azure and crd modes: the node's attached addresses (spec.ipam.pool) are all taken; the
            // operator writes no status that says so (pkg/ipam/crd.go)
            "No more IPs available",
            "failed to assign an IP address to container", // AWS VPC CNI
            "cannot allocate new block due to per host block limit",
            "No more free affine blocks", // Calico IPAM
            "Assigned 0 out of 1 requested IPv4 addresses",
            "IPAM allocated only 0"); // Calico IPAM

    private ExhaustionMessages() {}

    static boolean isExhaustion(String message) {
        return backendOnly(message) || ANY_NETWORK.stream().anyMatch(message::contains);
    }

    static boolean backendOnly(String message) {
        return BACKEND_ONLY.stream().anyMatch(message::contains);
    }
}
