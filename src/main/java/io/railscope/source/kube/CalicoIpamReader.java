package io.railscope.source.kube;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.railscope.model.PoolKind;
import io.railscope.source.ipam.ClusterObjects.CalicoBlock;
import io.railscope.source.ipam.ClusterObjects.ClusterPool;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Calico IPAM as its custom resources show it, read once per collection: the IPPools (crd.projectcalico.org/v1,
 * {@code spec.cidr} cut into blocks of {@code spec.blockSize}, default 26 for IPv4; a {@code disabled} pool hands
 * out nothing new) and the IPAMBlocks claimed from them ({@code spec.cidr}, {@code spec.affinity}
 * {@code host:<node>}, {@code spec.allocations}). Calico's blocks are not Node.spec.podCIDRs.
 */
final class CalicoIpamReader {

    /** libcalico-go lib/apis/v3 IPPool: the default IPv4 blockSize. */
    static final int DEFAULT_IPV4_BLOCK_SIZE = 26;

    private final KubernetesClient client;
    private final List<String> problems;
    private List<GenericKubernetesResource> pools;

    CalicoIpamReader(KubernetesClient client, List<String> problems) {
        this.client = client;
        this.problems = problems;
    }

    private List<GenericKubernetesResource> pools() {
        if (pools == null) {
            List<GenericKubernetesResource> read = new ArrayList<>();
            GrantedRead.of(
                    "Calico IPPools",
                    "list ippools.crd.projectcalico.org",
                    "CIDRNotAvailable events count against the primary pool meanwhile",
                    problems,
                    () -> Pages.forEach(client.genericKubernetesResources(Resources.CALICO_IPPOOL)::list, read::add));
            pools = read;
        }
        return pools;
    }

    /** Whether Calico runs its own IPAM (calico-ipam): it has IPPools. */
    boolean present() {
        return !pools().isEmpty();
    }

    /** The enabled IPv4 IPPools as the cluster pool, each CIDR at its block size; empty when there is none. */
    Optional<ClusterPool> clusterPool() {
        List<String> cidrs = new ArrayList<>();
        List<Integer> masks = new ArrayList<>();
        for (GenericKubernetesResource pool : pools()) {
            String cidr = Resources.string(pool.get("spec", "cidr"));
            if (cidr == null || cidr.contains(":") || Boolean.TRUE.equals(pool.get("spec", "disabled"))) {
                continue;
            }
            try {
                Object blockSize = pool.get("spec", "blockSize");
                masks.add(blockSize == null ? DEFAULT_IPV4_BLOCK_SIZE : Resources.integer(blockSize, "spec.blockSize"));
                cidrs.add(cidr);
            } catch (IllegalArgumentException e) {
                problems.add(Resources.describe(Resources.CALICO_IPPOOL, pool) + ": " + e.getMessage() + "; skipped");
            }
        }
        return cidrs.isEmpty() ? Optional.empty() : Optional.of(new ClusterPool(cidrs, masks, PoolKind.CALICO_IPPOOL));
    }

    /** Every IPAMBlock, when Calico runs its own IPAM. */
    List<CalicoBlock> blocks() {
        if (!present()) {
            return List.of();
        }
        List<CalicoBlock> blocks = new ArrayList<>();
        GrantedRead.of(
                "Calico IPAMBlocks",
                "list ipamblocks.crd.projectcalico.org",
                "The Calico pool's blocks in use are not counted meanwhile",
                problems,
                () -> Pages.forEach(client.genericKubernetesResources(Resources.CALICO_IPAM_BLOCK)::list, block -> {
                    try {
                        blocks.add(block(block));
                    } catch (IllegalArgumentException e) {
                        problems.add(Resources.describe(Resources.CALICO_IPAM_BLOCK, block) + ": " + e.getMessage()
                                + "; skipped");
                    }
                }));
        return blocks;
    }

    static CalicoBlock block(GenericKubernetesResource resource) {
        String cidr = Resources.string(resource.get("spec", "cidr"));
        if (cidr == null || cidr.isBlank()) {
            throw new IllegalArgumentException("spec.cidr is missing");
        }
        String affinity = Resources.string(resource.get("spec", "affinity"));
        String node = affinity != null && affinity.startsWith("host:") ? affinity.substring("host:".length()) : null;
        int allocated = (int) Resources.list(resource.get("spec", "allocations")).stream()
                .filter(allocation -> allocation != null)
                .count();
        return new CalicoBlock(cidr, node, allocated);
    }
}
