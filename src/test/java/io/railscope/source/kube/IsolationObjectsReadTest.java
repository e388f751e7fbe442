package io.railscope.source.kube;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.railscope.audit.IsolationAudit;
import io.railscope.audit.IsolationFinding;
import io.railscope.config.AuditSettings;
import io.railscope.config.IpamSettings;
import io.railscope.model.IsolationCheck;
import io.railscope.source.ipam.ClusterObjects;
import io.railscope.source.ipam.RailMapping;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

/**
 * The isolation audit of a cell served by the fabric8 mock server: one namespace per check with an
 * object it must find and, next to it, a close one it must leave alone (testdata/kube/isolation).
 */
@Execution(ExecutionMode.CONCURRENT)
class IsolationObjectsReadTest {

    private static final IsolationAudit AUDIT =
            new IsolationAudit(AuditSettings.defaults(), new RailMapping(8, List.of()));
    private static MockCell cell;
    private static ClusterObjects objects;

    @BeforeAll
    static void read() throws Exception {
        cell = MockCell.with(
                "testdata/kube/isolation/policies.yaml",
                "testdata/kube/isolation/multus.yaml",
                "testdata/kube/isolation/networks.yaml",
                "testdata/kube/isolation/pods.yaml");
        objects = read(cell);
    }

    @AfterAll
    static void stop() {
        cell.close();
    }

    @Test
    void everyCheckFindsItsObjectAndNothingElse() {
        List<IsolationFinding> findings = AUDIT.audit(objects.isolation());
        assertThat(findings)
                .extracting(finding -> finding.check() + " " + finding.namespace() + " " + finding.object())
                .containsExactlyInAnyOrder(
                        "NAMESPACE_WITHOUT_DEFAULT_DENY team-open Namespace team-open",
                        "HOST_NETWORK_POD team-host DaemonSet team-host/host-agent",
                        "PRIVILEGED_POD team-priv Pod team-priv/netadmin-0",
                        "PRIVILEGED_POD team-priv Pod team-priv/priv-0",
                        "FOREIGN_ATTACHMENT team-borrow NetworkAttachmentDefinition team-safe/rail-1",
                        "INFERENCE_WITH_RAILS team-serve Deployment team-serve/llm-serve",
                        "ROUTED_BACKEND team-safe NetworkAttachmentDefinition team-safe/rail-2",
                        "ROUTED_BACKEND team-safe NetworkAttachmentDefinition team-safe/rail-4",
                        "MULTUS_NO_NAMESPACE_ISOLATION null ConfigMap kube-system/multus-daemon-config",
                        "RAIL_MTU_MISMATCH team-safe NetworkAttachmentDefinition team-safe/rail-3",
                        "RAIL_MTU_MISMATCH team-safe NetworkAttachmentDefinition team-safe/rail-5");
        assertThat(detail(findings, "NAMESPACE_WITHOUT_DEFAULT_DENY"))
                .isEqualTo(
                        "No NetworkPolicy denies egress by default for its 1 pod (2 NetworkPolicies in the namespace).");
        assertThat(detail(findings, "HOST_NETWORK_POD"))
                .isEqualTo("hostNetwork: true on 2 pods (host-agent-a, host-agent-b).");
        assertThat(findings)
                .filteredOn(f -> f.object().endsWith("priv-0"))
                .singleElement()
                .extracting(IsolationFinding::detail)
                .isEqualTo("trainer: privileged on 1 pod (priv-0).");
        assertThat(findings)
                .filteredOn(f -> f.object().endsWith("netadmin-0"))
                .singleElement()
                .extracting(IsolationFinding::detail)
                .isEqualTo("trainer: NET_ADMIN on 1 pod (netadmin-0).");
        assertThat(detail(findings, "INFERENCE_WITH_RAILS"))
                .startsWith("matches serving.kserve.io/inferenceservice with 1 RDMA devices requested");
        assertThat(findings)
                .filteredOn(f -> f.check() == IsolationCheck.ROUTED_BACKEND)
                .extracting(IsolationFinding::detail)
                .containsExactlyInAnyOrder(
                        "Backend network with ipam.routes 0.0.0.0/0.",
                        "Backend network with IPPool nvidia-network-operator/rail-4 spec.gateway 10.204.0.1.");
        assertThat(findings)
                .filteredOn(f -> f.check() == IsolationCheck.RAIL_MTU_MISMATCH)
                .extracting(IsolationFinding::detail)
                .containsExactlyInAnyOrder(
                        "Its CNI config sets mtu 1500; the cell's rails run 9000.",
                        "network-status reports mtu 1500 on 1 pod (team-safe/safe-1 net5); the cell's rails run 9000.");
        assertThat(detail(findings, "MULTUS_NO_NAMESPACE_ISOLATION")).isEqualTo("namespaceIsolation is false.");
    }

    @Test
    void malformedObjectsAreReportedAndSkipped() {
        assertThat(objects.problems())
                .anySatisfy(problem -> assertThat(problem)
                        .startsWith(
                                "k8s.cni.cncf.io NetworkAttachmentDefinition team-safe/broken: spec.config is not JSON")
                        .endsWith("; skipped"));
        assertThat(objects.problems())
                .anySatisfy(problem -> assertThat(problem)
                        .startsWith(
                                "Pod team-safe/garbled-0: annotation k8s.v1.cni.cncf.io/network-status is malformed (")
                        .endsWith("its attachments skipped"));
        // the pod itself stays, for IPAM and the namespace's pod count; the other NADs of the namespace are read
        assertThat(objects.pods()).anyMatch(pod -> pod.name().equals("garbled-0"));
        assertThat(objects.isolation().attachmentDefinitions()).hasSize(6);
    }

    @Test
    void multusWithNamespaceIsolationOnIsNoFinding() throws Exception {
        try (MockCell isolated = MockCell.with("testdata/kube/isolation/multus.yaml")) {
            ConfigMap config = isolated.client()
                    .configMaps()
                    .inNamespace("kube-system")
                    .withName("multus-daemon-config")
                    .get();
            config.setData(Map.of(
                    "daemon-config.json",
                    config.getData()
                            .get("daemon-config.json")
                            .replace("\"namespaceIsolation\": false", "\"namespaceIsolation\": true")));
            isolated.client().resource(config).update();
            assertThat(read(isolated).isolation().multus())
                    .hasValueSatisfying(
                            multus -> assertThat(multus.namespaceIsolation()).isTrue());
            assertThat(AUDIT.audit(read(isolated).isolation())).isEmpty();

            isolated.client().resource(config).delete();
            assertThat(read(isolated).isolation().multus()).isEmpty();
            // without NADs Multus is not in use: its missing configuration is nothing to report
            assertThat(read(isolated).problems()).isEmpty();
        }
        try (MockCell unconfigured = MockCell.with("testdata/kube/isolation/networks.yaml")) {
            assertThat(read(unconfigured).problems())
                    .anySatisfy(
                            problem -> assertThat(problem)
                                    .startsWith(
                                            "Multus configuration: not found in ConfigMap kube-system/multus-daemon-config or kube-system/multus-cni-config"));
        }
    }

    @Test
    void aRoleFromBeforeTheAuditSkipsItsChecksAndKeepsTheRest() throws Exception {
        try (MockCell narrow = MockCell.with(
                "testdata/kube/isolation/policies.yaml",
                "testdata/kube/isolation/multus.yaml",
                "testdata/kube/isolation/networks.yaml",
                "testdata/kube/isolation/pods.yaml")) {
            narrow.refuse("/apis/networking.k8s.io/v1/networkpolicies");
            narrow.refuse("/api/v1/namespaces/kube-system/configmaps/multus-");
            ClusterObjects read = read(narrow);
            assertThat(read.problems())
                    .anySatisfy(problem -> assertThat(problem)
                            .startsWith("NetworkPolicies: the API refused (403); grant list networkpolicies"))
                    .anySatisfy(problem -> assertThat(problem)
                            .startsWith("ConfigMap kube-system/multus-daemon-config: the API refused"));
            assertThat(read.pods()).hasSize(objects.pods().size());
            List<IsolationFinding> findings = AUDIT.audit(read.isolation());
            assertThat(findings)
                    .extracting(IsolationFinding::check)
                    .doesNotContain(
                            IsolationCheck.NAMESPACE_WITHOUT_DEFAULT_DENY, IsolationCheck.MULTUS_NO_NAMESPACE_ISOLATION)
                    .contains(IsolationCheck.HOST_NETWORK_POD, IsolationCheck.ROUTED_BACKEND);
        }
    }

    private static ClusterObjects read(MockCell cell) {
        return new ClusterObjectReader(
                        cell.client(), IpamSettings.defaults(), AuditSettings.defaults(), Clock.systemUTC())
                .read();
    }

    private static String detail(List<IsolationFinding> findings, String check) {
        return findings.stream()
                .filter(finding -> finding.check().name().equals(check))
                .findFirst()
                .orElseThrow()
                .detail();
    }
}
