package io.railscope.model;

import java.util.Locale;
import java.util.Optional;

/** One isolation check: the alert it raises, what it says of an object, why that matters, and how to fix it. */
public enum IsolationCheck implements Labelled {
    NAMESPACE_WITHOUT_DEFAULT_DENY(
            "TenantNamespaceWithoutDefaultDeny",
            "tenant namespace without a default-deny NetworkPolicy",
            "NetworkPolicy is the only isolation the primary network (eth0) has: without a default deny, any pod of any tenant can reach"
                    + " this namespace's pods and they can reach anything, the API server and storage included.",
            "Add a NetworkPolicy with podSelector: {} and policyTypes [Ingress, Egress] and no rules, then allow what the namespace"
                    + " needs (DNS, its own pods, its storage)."),
    HOST_NETWORK_POD(
            "HostNetworkPodOutsideSystemNamespaces",
            "hostNetwork pods outside the system namespaces",
            "A hostNetwork pod shares the node's network namespace: no NetworkPolicy applies to it, and it sees every interface of the"
                    + " node, backend rails included.",
            "Run the workload without hostNetwork; if it is part of the platform, move it to a system namespace (audit.system-namespaces)."),
    PRIVILEGED_POD(
            "PrivilegedPodWhereIpcLockWouldDo",
            "privileged or NET_ADMIN pods where IPC_LOCK would do",
            "RDMA needs only locked memory (IPC_LOCK). privileged, NET_ADMIN or SYS_ADMIN let the pod reconfigure interfaces, routes"
                    + " and RDMA devices of a node it shares with other tenants.",
            "Drop privileged, NET_ADMIN and SYS_ADMIN; add capabilities.add: [IPC_LOCK] and request the RDMA devices as resources."),
    FOREIGN_ATTACHMENT(
            "BackendAttachmentFromForeignNamespace",
            "used by pods of another namespace",
            "A pod attached through another namespace's NetworkAttachmentDefinition joins that network's tenants on the backend, where"
                    + " NetworkPolicy cannot see the RDMA traffic: the NAD's namespace is the only boundary there is.",
            "Create the NetworkAttachmentDefinition in the pod's namespace and turn on Multus namespaceIsolation; list a namespace whose"
                    + " NADs are shared on purpose under audit.shared-attachment-namespaces."),
    INFERENCE_WITH_RAILS(
            "InferencePodWithBackendRails",
            "inference pods with backend rails",
            "Inference pods serve traffic from outside the cluster; backend rails connect them to the training fabric, which has no"
                    + " firewall.",
            "Remove the RDMA resources and Multus networks from the inference workload; it serves over the primary network."),
    ROUTED_BACKEND(
            "BackendNetworkRouted",
            "backend rail network with a gateway or routes",
            "Backend rails are flat, non-routed subnets. A gateway or route lets traffic leave the rail and reach other networks, and"
                    + " other networks reach the rail.",
            "Remove the gateway and routes from the NetworkAttachmentDefinition's IPAM (nv-ipam: the pool's spec.gateway or"
                    + " spec.gatewayIndex) so the rail subnet stays local."),
    MULTUS_NO_NAMESPACE_ISOLATION(
            "MultusNamespaceIsolationOff",
            "Multus runs without namespaceIsolation",
            "Without namespaceIsolation any pod can attach any namespace's NetworkAttachmentDefinition just by naming it.",
            "Set \"namespaceIsolation\": true in the Multus configuration; list deliberately shared namespaces in globalNamespaces."),
    RAIL_MTU_MISMATCH(
            "BackendRailMtuMismatch",
            "backend rail MTU differs from the cell's",
            "Nodes that disagree on a rail's MTU drop or fragment each other's RoCE traffic: NCCL slows down or hangs.",
            "Set the rail's MTU in the NetworkAttachmentDefinition (and on the NIC and switch ports) to the cell's, or set"
                    + " rails.expected-mtu if the other value is intended."),
    RDMA_NETNS_SHARED(
            "RdmaNetnsShared",
            "nodes run RDMA netns in shared mode",
            "In shared mode every network namespace on a node sees all of its RDMA devices: a pod can use rails it was never given.",
            "Run rdma system set netns exclusive (persist it with the ib_core module option netns_mode=0) and restart the pods that use RDMA.");

    private final String alertName;
    private final String summary;
    private final String why;
    private final String fix;

    IsolationCheck(String alertName, String summary, String why, String fix) {
        this.alertName = alertName;
        this.summary = summary;
        this.why = why;
        this.fix = fix;
    }

    public String alertName() {
        return alertName;
    }

    /** What the object has, for an alert's summary after the object's name. */
    public String summary() {
        return summary;
    }

    public String why() {
        return why;
    }

    public String fix() {
        return fix;
    }

    /** The kebab-case name used in configuration and URLs. */
    public String label() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /** The check with this label; empty for one this version does not know (written by a newer replica). */
    public static Optional<IsolationCheck> fromLabel(String label) {
        return Labelled.find(IsolationCheck.class, label);
    }
}
