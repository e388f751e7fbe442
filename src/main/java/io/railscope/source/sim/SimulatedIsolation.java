package io.railscope.source.sim;

import io.railscope.source.IsolationObjects;
import io.railscope.source.IsolationObjects.Attachment;
import io.railscope.source.IsolationObjects.AttachmentDefinition;
import io.railscope.source.IsolationObjects.MultusConfig;
import io.railscope.source.IsolationObjects.NetworkPolicyObject;
import io.railscope.source.IsolationObjects.PodSecurity;
import io.railscope.source.ipam.ClusterObjects;
import io.railscope.source.ipam.ClusterObjects.PodObject;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What the isolation audit reads of a simulated cell: every tenant namespace with a default deny,
 * rail NADs with MTU 9000 and no gateway, Multus with namespaceIsolation; with the isolation fault,
 * one of each gap the audit looks for.
 */
final class SimulatedIsolation {

    private static final List<String> TENANTS = List.of("team-a", "team-b", "team-c");
    private static final String MULTUS = "kube-system/multus-daemon-config";

    private SimulatedIsolation() {}

    static IsolationObjects objects(List<PodObject> pods, SimulatedTopology topology, boolean gaps) {
        List<NetworkPolicyObject> policies = new ArrayList<>();
        for (String tenant : TENANTS) {
            policies.add(new NetworkPolicyObject(tenant, "default-deny-ingress", true, true, false, 0, 0));
            if (!gaps || !tenant.equals("team-c")) {
                policies.add(new NetworkPolicyObject(tenant, "default-deny-egress", true, false, true, 0, 0));
            }
            policies.add(new NetworkPolicyObject(tenant, "allow-dns", true, false, true, 0, 1));
        }
        List<AttachmentDefinition> definitions = new ArrayList<>();
        for (int rail = 1; rail <= topology.rails(); rail++) {
            boolean routed = gaps && rail == topology.rails();
            definitions.add(new AttachmentDefinition(
                    "default",
                    "rail-" + rail,
                    "sriov",
                    "rail-" + rail,
                    "nvidia.com/rdma_rail" + rail,
                    routed ? 1500 : 9000,
                    routed ? List.of("ipam.routes 0.0.0.0/0") : List.of()));
        }
        definitions.add(new AttachmentDefinition("default", "storage-net", "macvlan", null, null, 1500, List.of()));
        List<PodSecurity> audited = new ArrayList<>();
        if (gaps) {
            String node = topology.nodeNames[topology.faultNode(9)];
            audited.add(new PodSecurity(
                    "team-b", "debug-shell", node, null, true, List.of("debug: privileged"), Map.of(), 0, List.of()));
            for (int k = 0; k < 2; k++) {
                audited.add(new PodSecurity(
                        "team-a",
                        "llm-serve-7d9f8-" + k,
                        topology.nodeNames[topology.faultNode(10 + k)],
                        "Deployment llm-serve",
                        false,
                        List.of(),
                        Map.of("serving.kserve.io/inferenceservice", "llm-serve"),
                        1,
                        List.of(new Attachment("default/rail-1", "net1", 9000, "mlx5_0"))));
            }
        }
        return new IsolationObjects(
                ClusterObjects.podsByNamespace(pods),
                true,
                policies,
                audited,
                definitions,
                Map.of(),
                Optional.of(new MultusConfig("ConfigMap " + MULTUS, gaps ? Boolean.FALSE : Boolean.TRUE)));
    }
}
