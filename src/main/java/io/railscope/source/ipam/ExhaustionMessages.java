package io.railscope.source.ipam;

import io.railscope.model.AllocationFailureKind;
import java.util.List;
import java.util.regex.Pattern;

/**
 * What CNIs and IPAM plugins print when an address cannot be allocated, as kubelet passes it on in a
 * FailedCreatePodSandBox event, with what each says ran out. Some are only ever about backend networks
 * (whereabouts, nv-ipam); the others are about whichever network the CNI serves, the primary one unless the
 * message names a backend network. The first text that matches decides, so the specific ones come first.
 */
final class ExhaustionMessages {

    private record Text(Pattern pattern, AllocationFailureKind kind, boolean backendOnly) {

        static Text of(String literal, AllocationFailureKind kind, boolean backendOnly) {
            return new Text(Pattern.compile(Pattern.quote(literal)), kind, backendOnly);
        }
    }

    private static final List<Text> TEXTS = List.of(
            // Calico, libcalico-go lib/ipam/ipam.go autoAssign: the node holds maxBlocksPerHost blocks (default 20 when
            // unset) and may claim no other, however many the pool has free (ErrBlockLimit, and the message it adds)
            Text.of(
                    "cannot allocate new block due to per host block limit",
                    AllocationFailureKind.NODE_BLOCK_LIMIT,
                    false),
            new Text(
                    Pattern.compile("limit of \\d+ blocks reached for this node"),
                    AllocationFailureKind.NODE_BLOCK_LIMIT,
                    false),
            // Calico: findUsableBlock found no unclaimed block in the pools the node may use, and strict affinity
            // forbids borrowing from other nodes' blocks; or, without strict affinity, every block was tried
            Text.of("No more free affine blocks", AllocationFailureKind.POOL_EXHAUSTED, false),
            Text.of("No IPs available in pools", AllocationFailureKind.POOL_EXHAUSTED, false),
            new Text(
                    Pattern.compile("Assigned 0 out of \\d+ requested IPv[46] addresses"),
                    AllocationFailureKind.UNEXPLAINED,
                    false),
            Text.of("IPAM allocated only 0", AllocationFailureKind.UNEXPLAINED, false), // Calico CNI before 3.21
            // whereabouts pkg/allocate/allocate.go: every address of the IPPool's range is taken
            Text.of("Could not allocate IP in range", AllocationFailureKind.POOL_EXHAUSTED, true),
            // nv-ipam pkg/ipam-node/allocator: the node's block of the pool is full
            Text.of("no free addresses in the pool", AllocationFailureKind.NODE_RANGE_FULL, true),
            // host-local plugins/ipam/host-local/backend/allocator: the node's range set is full
            Text.of("no IP addresses available in range set", AllocationFailureKind.NODE_RANGE_FULL, false),
            Text.of("range is full", AllocationFailureKind.NODE_RANGE_FULL, false), // Cilium agent, pkg/ipam
            // Cilium multi-pool agent: no block of the pool on the node yet, or its blocks are full
            Text.of("pool not (yet) available", AllocationFailureKind.NODE_RANGE_FULL, false),
            Text.of("all pod CIDR ranges are exhausted", AllocationFailureKind.NODE_RANGE_FULL, false),
            Text.of("all CIDR ranges are exhausted", AllocationFailureKind.NODE_RANGE_FULL, false),
            // Cilium eni, azure and crd modes: the node's attached addresses (spec.ipam.pool) are all taken
            Text.of("No more IPs available", AllocationFailureKind.NODE_RANGE_FULL, false),
            // AWS VPC CNI: the node's ENIs have no free secondary address
            Text.of("failed to assign an IP address to container", AllocationFailureKind.NODE_RANGE_FULL, false));

    /** Cilium operator errors (CiliumNode status.ipam.operator-status.error) that say the pool is out of blocks. */
    private static final List<String> OPERATOR_POOL_EXHAUSTED = List.of("allocator full", "pool empty");

    private ExhaustionMessages() {}

    private static Text match(String message) {
        return TEXTS.stream()
                .filter(text -> text.pattern().matcher(message).find())
                .findFirst()
                .orElse(null);
    }

    /**
     * Calico's strict-affinity text: no block the node could claim ({@code findUsableBlock}'s noFreeBlocksError). It
     * names the pool only when the pool has no unclaimed block left.
     */
    static boolean noFreeAffineBlocks(String message) {
        return message.contains("No more free affine blocks");
    }

    static boolean isExhaustion(String message) {
        return match(message) != null;
    }

    static boolean backendOnly(String message) {
        Text text = match(message);
        return text != null && text.backendOnly();
    }

    /** What the message says ran out; a Cilium operator's error says the pool is empty or nothing known. */
    static AllocationFailureKind kindOf(String message) {
        if (message == null) {
            return AllocationFailureKind.UNEXPLAINED;
        }
        Text text = match(message);
        if (text != null) {
            return text.kind();
        }
        return OPERATOR_POOL_EXHAUSTED.stream().anyMatch(message::contains)
                ? AllocationFailureKind.POOL_EXHAUSTED
                : AllocationFailureKind.UNEXPLAINED;
    }
}
