package io.railscope.audit;

import io.railscope.config.AuditSettings;
import io.railscope.model.IsolationCheck;
import io.railscope.source.IsolationObjects;
import io.railscope.source.IsolationObjects.PodSecurity;
import io.railscope.source.RdmaNetnsReport;
import io.railscope.source.ipam.RailMapping;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The isolation audit of a cell's Kubernetes objects: one finding per object to fix, pods grouped by their controller.
 * Each check the settings run is a class of its own ({@link DefaultDenyCheck}, {@link RailMtuCheck}, …); the checks of
 * a single pod's own settings (host network, raised privileges) are groupings of the pods that have them.
 */
public final class IsolationAudit {

    private final AuditSettings settings;
    private final RailMapping rails;

    public IsolationAudit(AuditSettings settings, RailMapping rails) {
        this.settings = settings;
        this.rails = rails;
    }

    public List<IsolationFinding> audit(IsolationObjects objects) {
        BackendNetworks backends = new BackendNetworks(rails, objects.attachmentDefinitions());
        List<IsolationFinding> findings = new ArrayList<>();
        run(
                IsolationCheck.NAMESPACE_WITHOUT_DEFAULT_DENY,
                findings,
                () -> DefaultDenyCheck.findings(objects, settings));
        run(
                IsolationCheck.HOST_NETWORK_POD,
                findings,
                () -> PodFindings.grouped(
                        IsolationCheck.HOST_NETWORK_POD,
                        tenantPods(objects).filter(PodSecurity::hostNetwork).toList(),
                        pod -> "hostNetwork: true"));
        run(
                IsolationCheck.PRIVILEGED_POD,
                findings,
                () -> PodFindings.grouped(
                        IsolationCheck.PRIVILEGED_POD,
                        tenantPods(objects)
                                .filter(pod -> !pod.escalations().isEmpty())
                                .toList(),
                        pod -> String.join(", ", pod.escalations())));
        run(IsolationCheck.FOREIGN_ATTACHMENT, findings, () -> ForeignAttachmentCheck.findings(objects, settings));
        run(
                IsolationCheck.INFERENCE_WITH_RAILS,
                findings,
                () -> InferenceRailsCheck.findings(objects, settings, backends));
        run(IsolationCheck.ROUTED_BACKEND, findings, () -> RoutedBackendCheck.findings(objects, backends));
        run(IsolationCheck.MULTUS_NO_NAMESPACE_ISOLATION, findings, () -> MultusIsolationCheck.findings(objects));
        run(
                IsolationCheck.RAIL_MTU_MISMATCH,
                findings,
                () -> RailMtuCheck.findings(objects, settings.expectedMtu(), backends));
        return findings;
    }

    /** Nodes whose RDMA subsystem runs in shared netns mode, as one finding for the cell. */
    public List<IsolationFinding> rdmaNetns(RdmaNetnsReport report) {
        if (!settings.runs(IsolationCheck.RDMA_NETNS_SHARED)
                || report.sharedNodes().isEmpty()) {
            return List.of();
        }
        int nodesReporting = report.nodesReporting();
        List<String> sorted = report.sharedNodes().stream().sorted().toList();
        String shown = sorted.stream().limit(10).collect(Collectors.joining(", ")) + (sorted.size() > 10 ? ", …" : "");
        return List.of(new IsolationFinding(
                IsolationCheck.RDMA_NETNS_SHARED,
                null,
                "RDMA subsystem",
                sorted.size() == 1 ? sorted.get(0) : null,
                sorted.size(),
                sorted.size() + " of " + nodesReporting + " nodes reporting node_rdma_netns_exclusive run shared: "
                        + shown));
    }

    private void run(IsolationCheck check, List<IsolationFinding> findings, Supplier<List<IsolationFinding>> audit) {
        if (settings.runs(check)) {
            findings.addAll(audit.get());
        }
    }

    private Stream<PodSecurity> tenantPods(IsolationObjects objects) {
        return objects.pods().stream().filter(pod -> !settings.isSystem(pod.namespace()));
    }
}
