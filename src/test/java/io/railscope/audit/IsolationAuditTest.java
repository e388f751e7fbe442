package io.railscope.audit;

import static org.assertj.core.api.Assertions.assertThat;

import io.railscope.config.AuditSettings;
import io.railscope.model.IsolationCheck;
import io.railscope.source.IsolationObjects;
import io.railscope.source.IsolationObjects.Attachment;
import io.railscope.source.IsolationObjects.AttachmentDefinition;
import io.railscope.source.IsolationObjects.MultusConfig;
import io.railscope.source.IsolationObjects.NetworkPolicyObject;
import io.railscope.source.IsolationObjects.PodSecurity;
import io.railscope.source.RdmaNetnsReport;
import io.railscope.source.ipam.RailMapping;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

/** Each check with a case it must find and a close case it must leave alone. */
@Execution(ExecutionMode.CONCURRENT)
class IsolationAuditTest {

    private static final IsolationAudit AUDIT =
            new IsolationAudit(AuditSettings.defaults(), new RailMapping(8, List.of()));
    private static final NetworkPolicyObject DENY_INGRESS = policy("team-a", "deny-in", true, true, false, 0, 0);
    private static final NetworkPolicyObject DENY_EGRESS = policy("team-a", "deny-out", true, false, true, 0, 0);

    @Test
    void namespaceNeedsDefaultDenyForIngressAndEgress() {
        assertThat(AUDIT.audit(objects()
                        .pods("team-a", 4)
                        .policy(DENY_INGRESS)
                        .policy(DENY_EGRESS)
                        .build()))
                .isEmpty();
        // both in one policy count as well
        assertThat(AUDIT.audit(objects()
                        .pods("team-a", 4)
                        .policy(policy("team-a", "deny-all", true, true, true, 0, 0))
                        .build()))
                .isEmpty();

        assertThat(AUDIT.audit(objects().pods("team-a", 4).policy(DENY_INGRESS).build()))
                .singleElement()
                .satisfies(finding -> {
                    assertThat(finding.check()).isEqualTo(IsolationCheck.NAMESPACE_WITHOUT_DEFAULT_DENY);
                    assertThat(finding.object()).isEqualTo("Namespace team-a");
                    assertThat(finding.affected()).isEqualTo(4);
                    assertThat(finding.detail()).contains("denies egress by default");
                });
        // a policy that selects some pods, or has rules, is no default deny
        assertThat(AUDIT.audit(objects()
                        .pods("team-a", 1)
                        .policy(policy("team-a", "some", false, true, true, 0, 0))
                        .policy(policy("team-a", "rules", true, true, true, 1, 1))
                        .build()))
                .singleElement()
                .extracting(IsolationFinding::detail)
                .asString()
                .contains("ingress and egress");
        // system namespaces are not tenants
        assertThat(AUDIT.audit(objects().pods("kube-system", 30).build())).isEmpty();
        // when the API refused the NetworkPolicies, no namespace can be judged
        assertThat(AUDIT.audit(objects().pods("team-a", 4).policiesUnreadable().build()))
                .isEmpty();
    }

    @Test
    void hostNetworkOutsideSystemNamespaces() {
        PodSecurity agent =
                pod("team-b", "agent-x1", "DaemonSet agent").hostNetwork().build();
        PodSecurity agent2 = pod("team-b", "agent-x2", "DaemonSet agent")
                .hostNetwork()
                .node("gpu-2")
                .build();
        assertThat(AUDIT.audit(objects().pod(agent).pod(agent2).build()))
                .singleElement()
                .satisfies(finding -> {
                    assertThat(finding.check()).isEqualTo(IsolationCheck.HOST_NETWORK_POD);
                    assertThat(finding.object()).isEqualTo("DaemonSet team-b/agent");
                    assertThat(finding.affected()).isEqualTo(2);
                    assertThat(finding.node()).isNull();
                    assertThat(finding.detail()).isEqualTo("hostNetwork: true on 2 pods (agent-x1, agent-x2).");
                });
        assertThat(AUDIT.audit(objects()
                        .pod(pod("kube-system", "cilium-1", "DaemonSet cilium")
                                .hostNetwork()
                                .build())
                        .build()))
                .isEmpty();
    }

    @Test
    void privilegedOrNetAdminWhereIpcLockWouldDo() {
        assertThat(AUDIT.audit(objects()
                        .pod(pod("team-a", "trainer-0", null)
                                .escalation("trainer: privileged")
                                .build())
                        .build()))
                .singleElement()
                .satisfies(finding -> {
                    assertThat(finding.check()).isEqualTo(IsolationCheck.PRIVILEGED_POD);
                    assertThat(finding.object()).isEqualTo("Pod team-a/trainer-0");
                    assertThat(finding.node()).isEqualTo("gpu-1");
                    assertThat(finding.detail()).startsWith("trainer: privileged on 1 pod");
                });
        assertThat(AUDIT.audit(objects()
                        .pod(pod("team-a", "trainer-0", null).rails(8).build())
                        .build()))
                .isEmpty();
        assertThat(AUDIT.audit(objects()
                        .pod(pod("gpu-operator", "driver", "DaemonSet driver")
                                .escalation("driver: privileged")
                                .build())
                        .build()))
                .isEmpty();
    }

    @Test
    void attachmentFromAnotherNamespacesNetwork() {
        PodSecurity foreign = pod("team-a", "trainer-0", "Job llm")
                .attach(new Attachment("team-b/rail-1", "net1", 9000, "mlx5_0"))
                .build();
        assertThat(AUDIT.audit(objects().pod(foreign).build())).singleElement().satisfies(finding -> {
            assertThat(finding.check()).isEqualTo(IsolationCheck.FOREIGN_ATTACHMENT);
            assertThat(finding.namespace()).isEqualTo("team-a");
            assertThat(finding.object()).isEqualTo("NetworkAttachmentDefinition team-b/rail-1");
            assertThat(finding.detail())
                    .isEqualTo("Interface net1 of 1 pod of namespace team-a (trainer-0) comes from team-b/rail-1.");
        });
        PodSecurity own = pod("team-a", "trainer-0", "Job llm")
                .attach(new Attachment("team-a/rail-1", "net1", 9000, "mlx5_0"))
                .build();
        assertThat(AUDIT.audit(objects().pod(own).build())).isEmpty();
        var sharing = new IsolationAudit(
                new AuditSettings(
                        Set.of(),
                        AuditSettings.defaults().inferenceSelector(),
                        Set.of("team-b"),
                        List.of(),
                        9000,
                        Set.of()),
                new RailMapping(8, List.of()));
        assertThat(sharing.audit(objects().pod(foreign).build())).isEmpty();
    }

    @Test
    void inferencePodsGetNoBackendRails() {
        PodSecurity serving = pod("team-a", "llm-serve-1", "Deployment llm-serve")
                .label("serving.kserve.io/inferenceservice", "llm")
                .rails(1)
                .build();
        assertThat(AUDIT.audit(objects().pod(serving).build())).singleElement().satisfies(finding -> {
            assertThat(finding.check()).isEqualTo(IsolationCheck.INFERENCE_WITH_RAILS);
            assertThat(finding.object()).isEqualTo("Deployment team-a/llm-serve");
            assertThat(finding.detail())
                    .startsWith("matches serving.kserve.io/inferenceservice with 1 RDMA devices requested");
        });
        // the same pod without the label is a training pod; with the label but only a storage network it has no rail
        assertThat(AUDIT.audit(objects()
                        .pod(pod("team-a", "t-1", null).rails(1).build())
                        .build()))
                .isEmpty();
        PodSecurity storageOnly = pod("team-a", "llm-serve-1", null)
                .label("serving.kserve.io/inferenceservice", "llm")
                .attach(new Attachment("team-a/storage-net", "net1", null, null))
                .build();
        assertThat(AUDIT.audit(objects()
                        .pod(storageOnly)
                        .definition(nad("team-a", "storage-net", null, null, List.of()))
                        .build()))
                .isEmpty();
    }

    @Test
    void backendNetworksAreNotRouted() {
        assertThat(AUDIT.audit(objects()
                        .definition(nad("default", "rail-3", "rail-3", 9000, List.of("ipam.gateway 10.203.0.1")))
                        .build()))
                .singleElement()
                .satisfies(finding -> {
                    assertThat(finding.check()).isEqualTo(IsolationCheck.ROUTED_BACKEND);
                    assertThat(finding.object()).isEqualTo("NetworkAttachmentDefinition default/rail-3");
                    assertThat(finding.detail()).isEqualTo("Backend network with ipam.gateway 10.203.0.1.");
                });
        assertThat(AUDIT.audit(objects()
                        .definition(nad("default", "rail-3", "pool-c", 9000, List.of()))
                        .poolGateway("pool-c", "IPPool nv/pool-c spec.gateway 10.203.0.1")
                        .build()))
                .singleElement()
                .extracting(IsolationFinding::detail)
                .asString()
                .contains("IPPool nv/pool-c spec.gateway 10.203.0.1");
        // a routed network that is no rail (a storage network) is not the backend
        assertThat(AUDIT.audit(objects()
                        .definition(nad("default", "storage-net", null, 9000, List.of("ipam.gateway 10.9.0.1")))
                        .build()))
                .isEmpty();
        assertThat(AUDIT.audit(objects()
                        .definition(nad("default", "rail-3", "rail-3", 9000, List.of()))
                        .build()))
                .isEmpty();
    }

    @Test
    void multusNamespaceIsolation() {
        assertThat(AUDIT.audit(objects()
                        .multus(new MultusConfig("ConfigMap kube-system/multus-daemon-config", null))
                        .build()))
                .singleElement()
                .satisfies(finding -> {
                    assertThat(finding.check()).isEqualTo(IsolationCheck.MULTUS_NO_NAMESPACE_ISOLATION);
                    assertThat(finding.object()).isEqualTo("ConfigMap kube-system/multus-daemon-config");
                    assertThat(finding.detail()).contains("not set");
                });
        assertThat(AUDIT.audit(objects()
                        .multus(new MultusConfig("ConfigMap kube-system/multus-daemon-config", false))
                        .build()))
                .hasSize(1);
        assertThat(AUDIT.audit(objects()
                        .multus(new MultusConfig("ConfigMap kube-system/multus-daemon-config", true))
                        .build()))
                .isEmpty();
        assertThat(AUDIT.audit(objects().build())).isEmpty();
    }

    @Test
    void railMtuFromTheNadOrFromThePods() {
        assertThat(AUDIT.audit(objects()
                        .definition(nad("default", "rail-2", "rail-2", 1500, List.of()))
                        .build()))
                .singleElement()
                .satisfies(finding -> {
                    assertThat(finding.check()).isEqualTo(IsolationCheck.RAIL_MTU_MISMATCH);
                    assertThat(finding.detail()).isEqualTo("Its CNI config sets mtu 1500; the cell's rails run 9000.");
                });
        PodSecurity pod = pod("default", "t-0", null)
                .attach(new Attachment("default/rail-2", "net2", 4200, "mlx5_1"))
                .build();
        assertThat(AUDIT.audit(objects()
                        .pod(pod)
                        .definition(nad("default", "rail-2", "rail-2", null, List.of()))
                        .build()))
                .singleElement()
                .extracting(IsolationFinding::detail)
                .isEqualTo("network-status reports mtu 4200 on 1 pod (default/t-0 net2); the cell's rails run 9000.");
        assertThat(AUDIT.audit(objects()
                        .definition(nad("default", "rail-2", "rail-2", 9000, List.of()))
                        .build()))
                .isEmpty();
        assertThat(AUDIT.audit(objects()
                        .definition(nad("default", "storage-net", null, 1500, List.of()))
                        .build()))
                .isEmpty();
    }

    @Test
    void rdmaNetnsSharedNodes() {
        assertThat(AUDIT.rdmaNetns(new RdmaNetnsReport(16, List.of("gpu-9", "gpu-2"))))
                .singleElement()
                .satisfies(finding -> {
                    assertThat(finding.check()).isEqualTo(IsolationCheck.RDMA_NETNS_SHARED);
                    assertThat(finding.affected()).isEqualTo(2);
                    assertThat(finding.detail())
                            .isEqualTo("2 of 16 nodes reporting node_rdma_netns_exclusive run shared: gpu-2, gpu-9");
                });
        assertThat(AUDIT.rdmaNetns(new RdmaNetnsReport(16, List.of()))).isEmpty();
    }

    @Test
    void disabledChecksDoNotRun() {
        var quiet = new IsolationAudit(
                new AuditSettings(
                        Set.of(),
                        AuditSettings.defaults().inferenceSelector(),
                        Set.of(),
                        List.of(),
                        9000,
                        Set.of(IsolationCheck.NAMESPACE_WITHOUT_DEFAULT_DENY, IsolationCheck.RDMA_NETNS_SHARED)),
                new RailMapping(8, List.of()));
        assertThat(quiet.audit(objects().pods("team-a", 3).build())).isEmpty();
        assertThat(quiet.rdmaNetns(new RdmaNetnsReport(1, List.of("gpu-1")))).isEmpty();
    }

    private static NetworkPolicyObject policy(
            String namespace, String name, boolean all, boolean ingress, boolean egress, int in, int out) {
        return new NetworkPolicyObject(namespace, name, all, ingress, egress, in, out);
    }

    private static AttachmentDefinition nad(
            String namespace, String name, String pool, Integer mtu, List<String> routing) {
        return new AttachmentDefinition(namespace, name, "sriov", pool, null, mtu, routing);
    }

    private static Objects objects() {
        return new Objects();
    }

    private static PodBuilder pod(String namespace, String name, String owner) {
        return new PodBuilder(namespace, name, owner);
    }

    private static final class Objects {
        private final Map<String, Integer> podsByNamespace = new HashMap<>();
        private final List<NetworkPolicyObject> policies = new ArrayList<>();
        private final List<PodSecurity> pods = new ArrayList<>();
        private final List<AttachmentDefinition> definitions = new ArrayList<>();
        private final Map<String, String> gateways = new HashMap<>();
        private MultusConfig multus;
        private boolean policiesRead = true;

        Objects policiesUnreadable() {
            policiesRead = false;
            return this;
        }

        Objects pods(String namespace, int count) {
            podsByNamespace.put(namespace, count);
            return this;
        }

        Objects policy(NetworkPolicyObject policy) {
            policies.add(policy);
            return this;
        }

        Objects pod(PodSecurity pod) {
            pods.add(pod);
            return this;
        }

        Objects definition(AttachmentDefinition definition) {
            definitions.add(definition);
            return this;
        }

        Objects poolGateway(String pool, String where) {
            gateways.put(pool, where);
            return this;
        }

        Objects multus(MultusConfig config) {
            multus = config;
            return this;
        }

        IsolationObjects build() {
            return new IsolationObjects(
                    podsByNamespace, policiesRead, policies, pods, definitions, gateways, Optional.ofNullable(multus));
        }
    }

    private static final class PodBuilder {
        private final String namespace;
        private final String name;
        private final String owner;
        private String node = "gpu-1";
        private boolean hostNetwork;
        private final List<String> escalations = new ArrayList<>();
        private final Map<String, String> labels = new HashMap<>();
        private int rails;
        private final List<Attachment> attachments = new ArrayList<>();

        PodBuilder(String namespace, String name, String owner) {
            this.namespace = namespace;
            this.name = name;
            this.owner = owner;
        }

        PodBuilder hostNetwork() {
            hostNetwork = true;
            return this;
        }

        PodBuilder node(String value) {
            node = value;
            return this;
        }

        PodBuilder escalation(String escalation) {
            escalations.add(escalation);
            return this;
        }

        PodBuilder label(String key, String value) {
            labels.put(key, value);
            return this;
        }

        PodBuilder rails(int count) {
            rails = count;
            return this;
        }

        PodBuilder attach(Attachment attachment) {
            attachments.add(attachment);
            return this;
        }

        PodSecurity build() {
            return new PodSecurity(namespace, name, node, owner, hostNetwork, escalations, labels, rails, attachments);
        }
    }
}
