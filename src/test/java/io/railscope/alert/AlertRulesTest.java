package io.railscope.alert;

import io.railscope.assess.JobVerdict;
import io.railscope.assess.TestThresholds;
import io.railscope.audit.IsolationFinding;
import io.railscope.model.Health;
import io.railscope.model.IsolationCheck;
import io.railscope.model.Plane;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import static org.assertj.core.api.Assertions.assertThat;

/** Each rule on a cell state that triggers it, and its labels and page. */
class AlertRulesTest {

    private static final Instant NOW = Instant.parse("2026-11-30T10:00:00Z");
    private final AlertRules rules = new AlertRules(TestThresholds.defaults(), "https://railscope.example/");

    @Test
    void everyUnhealthyThingIsAnAlertWithItsLabels() {
        AlertInputs inputs = new AlertInputs("west-1",
                List.of(new AlertInputs.Pool("cluster-pool", Plane.PRIMARY, null, Health.CRITICAL, "2 node blocks left", 0, 0),
                        new AlertInputs.Pool("rail-3", Plane.BACKEND, 3, Health.WARNING, "95 % used", 3, 2)),
                List.of(new AlertInputs.Block("gpu-1", "cluster-pool", "10.0.1.0/24", 254, 254)),
                List.of(new AlertInputs.Neighbor("gpu-2", 600, 512, 1024, Health.WARNING, "over gc_thresh2"),
                        new AlertInputs.Neighbor("gpu-3", 1000, 512, 1024, Health.CRITICAL, "near gc_thresh3")),
                List.of(new AlertInputs.Port("gpu-4", 1, "mlx5_0", 1, "DOWN", "state DOWN", 0, 0, null, null, null),
                        new AlertInputs.Port("gpu-5", 2, "mlx5_1", 1, "DEGRADED", "half rate, flapping, errors, congested", 200, 2, 500.0, 0.0, 0.5)),
                List.of(new AlertInputs.Job("team-a", "llm", JobVerdict.DEGRADED, "fell back to NET/Socket", 80.0, 350.0),
                        new AlertInputs.Job("team-b", "eval", JobVerdict.FAILED, "NCCL WARN", null, null),
                        new AlertInputs.Job("team-c", "quiet", JobVerdict.UNOBSERVABLE, "NCCL_DEBUG=WARN", null, null)),
                List.of(new AlertInputs.Source("node-metrics", NOW.minusSeconds(600), "HTTP 503"),
                        new AlertInputs.Source("kubernetes", NOW.minusSeconds(5), null)), 0,
                Arrays.stream(IsolationCheck.values()).map(check -> new IsolationFinding(check, "team-a", "Namespace team-a", null, 3,
                        "seen " + check.label())).toList());
        List<AlertCondition> conditions = rules.evaluate(inputs, 400, 0.7, Duration.ofSeconds(90), NOW);
        Map<String, Long> byName = conditions.stream().collect(Collectors.groupingBy(AlertCondition::alertname, Collectors.counting()));
        assertThat(byName).containsOnlyKeys("IpPoolLowHeadroom", "BackendRailPoolNearFull", "IpamLeakedAddresses", "IpAllocationFailures",
                "NodeBlockNearFull", "NeighborTableOverGcThresh2", "NeighborTableNearGcThresh3", "RailPortDown", "RailPortRateBelowExpected",
                "RailPortFlapping", "RailPortErrors", "RailPortCongested", "NcclJobDegraded", "NcclJobFailed", "NcclJobUnobservable",
                "NcclBusBandwidthLow", "RailscopeSourceStale", "TenantNamespaceWithoutDefaultDeny", "HostNetworkPodOutsideSystemNamespaces",
                "PrivilegedPodWhereIpcLockWouldDo", "BackendAttachmentFromForeignNamespace", "InferencePodWithBackendRails", "BackendNetworkRouted",
                "MultusNamespaceIsolationOff", "BackendRailMtuMismatch", "RdmaNetnsShared");
        assertThat(AlertRules.NAMES).containsExactlyInAnyOrderElementsOf(byName.keySet());

        AlertCondition isolation = conditions.stream().filter(c -> c.alertname().equals("TenantNamespaceWithoutDefaultDeny")).findFirst().orElseThrow();
        assertThat(isolation.labels()).containsExactlyInAnyOrderEntriesOf(Map.of("alertname", "TenantNamespaceWithoutDefaultDeny",
                "severity", "warning", "cell", "west-1", "namespace", "team-a", "object", "Namespace team-a"));
        assertThat(isolation.generatorUrl()).isEqualTo("https://railscope.example/cells/west-1/isolation");
        assertThat(isolation.annotations()).containsEntry("fix", IsolationCheck.NAMESPACE_WITHOUT_DEFAULT_DENY.fix())
                .containsEntry("description", "seen namespace-without-default-deny " + IsolationCheck.NAMESPACE_WITHOUT_DEFAULT_DENY.why());

        AlertCondition down = conditions.stream().filter(c -> c.alertname().equals("RailPortDown")).findFirst().orElseThrow();
        assertThat(down.labels()).containsExactlyInAnyOrderEntriesOf(Map.of("alertname", "RailPortDown", "severity", "critical", "cell", "west-1",
                "node", "gpu-4", "rail", "1", "device", "mlx5_0"));
        assertThat(down.generatorUrl()).isEqualTo("https://railscope.example/cells/west-1/nodes/gpu-4");
        assertThat(down.annotations()).containsEntry("description", "state DOWN");

        AlertCondition pool = conditions.stream().filter(c -> c.alertname().equals("IpPoolLowHeadroom")).findFirst().orElseThrow();
        assertThat(pool.labels()).containsEntry("severity", "critical").containsEntry("pool", "cluster-pool").containsEntry("plane", "primary");
        AlertCondition job = conditions.stream().filter(c -> c.alertname().equals("NcclJobDegraded")).findFirst().orElseThrow();
        assertThat(job.labels()).containsEntry("namespace", "team-a").containsEntry("job", "llm");
        assertThat(job.generatorUrl()).endsWith("/cells/west-1/jobs/team-a/llm");
        assertThat(conditions).filteredOn(c -> c.alertname().equals("RailscopeSourceStale")).singleElement()
                .satisfies(c -> assertThat(c.labels()).containsEntry("source", "node-metrics"));
    }

    @Test
    void aHealthyCellHasNoAlert() {
        AlertInputs healthy = new AlertInputs("east", List.of(), List.of(), List.of(), List.of(), List.of(),
                List.of(new AlertInputs.Source("kubernetes", NOW.minusSeconds(5), null)), 0, List.of());
        assertThat(rules.evaluate(healthy, 400, 0.7, Duration.ofSeconds(90), NOW)).isEmpty();
    }
}
