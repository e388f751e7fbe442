package io.railscope.audit;

import io.railscope.config.AuditSettings;
import io.railscope.model.IsolationCheck;
import io.railscope.source.IsolationObjects;
import io.railscope.source.IsolationObjects.Attachment;
import io.railscope.source.IsolationObjects.PodSecurity;
import java.util.ArrayList;
import java.util.List;

/**
 * {@link IsolationCheck#INFERENCE_WITH_RAILS}: pods the inference selector matches that request RDMA devices or are
 * attached to a backend network, one finding per controller.
 */
final class InferenceRailsCheck {

    private InferenceRailsCheck() {}

    static List<IsolationFinding> findings(IsolationObjects objects, AuditSettings settings, BackendNetworks backends) {
        return PodFindings.grouped(
                IsolationCheck.INFERENCE_WITH_RAILS,
                objects.pods().stream()
                        .filter(pod -> settings.inferenceSelector().matches(pod.labels()))
                        .filter(pod -> pod.railResources() > 0
                                || pod.attachments().stream().anyMatch(backends::isBackend))
                        .toList(),
                pod -> reason(pod, settings, backends));
    }

    private static String reason(PodSecurity pod, AuditSettings settings, BackendNetworks backends) {
        List<String> what = new ArrayList<>();
        if (pod.railResources() > 0) {
            what.add(pod.railResources() + " RDMA devices requested");
        }
        List<String> interfaces = pod.attachments().stream()
                .filter(backends::isBackend)
                .map(Attachment::iface)
                .toList();
        if (!interfaces.isEmpty()) {
            what.add("backend interfaces " + String.join(", ", interfaces));
        }
        return "matches " + settings.inferenceSelector() + " with " + String.join(" and ", what);
    }
}
