package io.railscope.source.ipam;

import io.railscope.source.AllocationFailure;
import io.railscope.source.KubernetesSnapshot;
import io.railscope.source.PoolUsage;
import io.railscope.source.StuckPod;
import io.railscope.source.ipam.ClusterObjects.CiliumNodeObject;
import io.railscope.source.ipam.ClusterObjects.PodObject;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

/**
 * Derives a cell's IPAM from its cluster objects: the primary pool and each node's block with the
 * pods using it, backend pools per rail (nv-ipam, whereabouts), Service ranges, leaks, allocation
 * failures, pods stuck in ContainerCreating, and nodes whose block offset differs between rails.
 * A malformed object is reported in {@code problems} with its kind, namespace and name, and skipped.
 */
public final class IpamDerivation {

    /** The node label that names a node's pool. */
    public static final String POOL_LABEL = "node.kubernetes.io/gpu-pool";

    static final String PRIMARY_POOL = "cluster-pool";

    private final RailMapping rails;
    private final Duration stuckAfter;

    public IpamDerivation(RailMapping rails, Duration stuckAfter) {
        this.rails = rails;
        this.stuckAfter = stuckAfter;
    }

    public KubernetesSnapshot derive(ClusterObjects objects) {
        List<String> problems = new ArrayList<>(objects.problems());
        PrimaryPlane primary = new PrimaryPlane(objects, problems);
        List<AllocationFailure> failures = new ArrayList<>();
        Set<String> waiting = new HashSet<>();
        primary.waiting().forEach(node -> waiting.add(node.node()));
        for (CiliumNodeObject ciliumNode : objects.ciliumNodes()) {
            // a waiting node carries its operator's error as the reason it waits
            if (ciliumNode.operatorError() != null
                    && !ciliumNode.operatorError().isBlank()
                    && !waiting.contains(ciliumNode.name())) {
                failures.add(new AllocationFailure(
                        "CiliumOperatorError",
                        ciliumNode.name(),
                        ciliumNode.name(),
                        PRIMARY_POOL,
                        ciliumNode.operatorError(),
                        1,
                        objects.at(),
                        ExhaustionMessages.kindOf(ciliumNode.operatorError())));
            }
        }
        BackendPools backend = new BackendPools(rails, objects, problems);
        List<PoolUsage> primaryPools = primary.pools();
        Set<String> withFreeBlocks = new HashSet<>();
        primaryPools.stream()
                .filter(pool -> pool.sizeKnown() && pool.blocksTotal() > pool.blocksUsed())
                .forEach(pool -> withFreeBlocks.add(pool.name()));
        AllocationFailures attributed = new AllocationFailures(
                objects,
                backend,
                primary.poolNames(),
                primary.blocksFromNodeSpec(),
                withFreeBlocks::contains,
                problems);
        failures.addAll(attributed.failures());

        List<PoolUsage> pools = new ArrayList<>();
        for (PoolUsage pool :
                Stream.concat(primaryPools.stream(), backend.pools().stream()).toList()) {
            pools.add(pool.withFailures(attributed.countFor(pool.name())));
        }
        pools.addAll(new ServicePools(objects, problems).pools());
        return new KubernetesSnapshot(
                primary.nodes(),
                pools,
                primary.blocks(),
                backend.leaks(),
                failures,
                stuckPods(objects),
                backend.asymmetricNodes(),
                primary.waiting(),
                objects.isolation(),
                problems);
    }

    private List<StuckPod> stuckPods(ClusterObjects objects) {
        List<StuckPod> stuck = new ArrayList<>();
        var cutoff = objects.at().minus(stuckAfter);
        for (PodObject pod : objects.pods()) {
            if ("ContainerCreating".equals(pod.waitingReason())
                    && pod.created() != null
                    && pod.created().isBefore(cutoff)) {
                stuck.add(new StuckPod(pod.namespace(), pod.name(), pod.node(), pod.created()));
            }
        }
        return stuck;
    }
}
