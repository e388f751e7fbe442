package io.railscope.store;

import io.railscope.assess.AssessedJob;
import io.railscope.assess.JobAssessment;
import io.railscope.assess.JobsState;
import io.railscope.assess.KubernetesState;
import io.railscope.assess.NeighborAssessment;
import io.railscope.assess.NodeMetricsState;
import io.railscope.assess.PoolHeadroom;
import io.railscope.assess.PortAssessment;
import io.railscope.collect.CellCollection;
import io.railscope.config.RasSettings;
import io.railscope.model.Health;
import io.railscope.model.IpFamily;
import io.railscope.model.Plane;
import io.railscope.model.PoolKind;
import io.railscope.model.PortHealth;
import io.railscope.model.SourceKind;
import io.railscope.source.IsolationObjects;
import io.railscope.source.KubernetesSnapshot;
import io.railscope.source.NodeBlock;
import io.railscope.source.NodeInfo;
import io.railscope.source.PoolUsage;
import io.railscope.source.SourceOutcome;
import io.railscope.source.nccl.BusbwSource;
import io.railscope.source.nccl.NcclJobObservation;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;

/** Hand-made collections for tests of the writer. */
final class CollectionFixtures {

    private CollectionFixtures() {}

    /** The EC2 instance id a fixture node's providerID ends with. */
    static String machineOf(String node) {
        return String.format("i-%017x", Math.abs((long) node.hashCode()));
    }

    static CellCollection collection(
            String cell, Instant at, List<String> nodes, PortHealth portHealth, String jobNamespace) {
        List<NodeInfo> inventory = nodes.stream()
                .map(node -> new NodeInfo(
                        node,
                        "pool-a",
                        List.of("10.0.0.0/26"),
                        48,
                        Map.of("note", node),
                        "aws:///us-west-2a/" + machineOf(node)))
                .toList();
        PoolUsage pool = new PoolUsage(
                "cluster-pool",
                Plane.PRIMARY,
                null,
                PoolKind.CILIUM_CLUSTER_POOL,
                List.of("10.0.0.0/16"),
                26,
                1000,
                10,
                1024,
                nodes.size(),
                0,
                0,
                null,
                List.of());
        List<NodeBlock> blocks = nodes.stream()
                .map(node -> new NodeBlock(
                        node, Plane.PRIMARY, "cluster-pool", "10.0.0." + nodes.indexOf(node) * 64 + "/26", 62, 7))
                .toList();
        List<PortAssessment> ports = nodes.stream()
                .map(node -> new PortAssessment(
                        node,
                        1,
                        "mlx5_0",
                        1,
                        portHealth == PortHealth.DOWN ? 1 : 4,
                        5,
                        400,
                        1e9,
                        1e9,
                        0,
                        0,
                        0,
                        0.001,
                        portHealth,
                        portHealth == PortHealth.OK ? null : "test",
                        Double.NaN,
                        Double.NaN,
                        Double.NaN,
                        Double.NaN))
                .toList();
        List<NeighborAssessment> neighbors = nodes.stream()
                .map(node -> new NeighborAssessment(
                        node, 10, 128, 512, 1024, 10 / 1024.0, Health.OK, null, Map.of(), IpFamily.IPV4))
                .toList();
        NcclJobObservation job = new NcclJobObservation(
                jobNamespace,
                "job-1",
                "IB",
                8,
                8,
                350,
                BusbwSource.NCCL_TESTS,
                List.of(),
                List.of(),
                List.of(),
                true,
                NcclJobObservation.Dropped.NONE,
                null);
        List<SourceOutcome> outcomes = List.of(
                new SourceOutcome(SourceKind.KUBERNETES, at, 5, null),
                new SourceOutcome(SourceKind.NODE_METRICS, at, 5, null),
                new SourceOutcome(SourceKind.NCCL, at, 5, null));
        return new CellCollection(
                cell,
                true,
                at,
                outcomes,
                Optional.of(new KubernetesState(
                        new KubernetesSnapshot(
                                inventory,
                                List.of(pool),
                                blocks,
                                List.of(),
                                List.of(),
                                List.of(),
                                List.of(),
                                List.of(),
                                IsolationObjects.none(),
                                List.of()),
                        List.of(new KubernetesState.AssessedPool(
                                pool, new PoolHeadroom(1024 - nodes.size(), 1024, 0.9, Health.OK, null))),
                        List.of())),
                Optional.of(new NodeMetricsState(ports, neighbors, List.of(), List.of())),
                Optional.of(new JobsState(
                        List.of(new AssessedJob(job, JobAssessment.of(job, OptionalDouble.empty(), 0.7), null)),
                        List.of(),
                        RasSettings.OFF.answerLifetime())));
    }
}
