package io.railscope.audit;

import io.railscope.model.IsolationCheck;
import io.railscope.source.IsolationObjects;
import io.railscope.source.IsolationObjects.AttachmentDefinition;
import java.util.ArrayList;
import java.util.List;

/**
 * {@link IsolationCheck#ROUTED_BACKEND}: a backend network with a gateway or routes, from its CNI config or its
 * nv-ipam pool.
 */
final class RoutedBackendCheck {

    private RoutedBackendCheck() {}

    static List<IsolationFinding> findings(IsolationObjects objects, BackendNetworks backends) {
        List<IsolationFinding> findings = new ArrayList<>();
        for (AttachmentDefinition definition : objects.attachmentDefinitions()) {
            if (!backends.isBackend(definition)) {
                continue;
            }
            List<String> routing = new ArrayList<>(definition.routing());
            String poolGateway = definition.poolName() == null
                    ? null
                    : objects.poolGateways().get(definition.poolName());
            if (poolGateway != null) {
                routing.add(poolGateway);
            }
            if (!routing.isEmpty()) {
                findings.add(new IsolationFinding(
                        IsolationCheck.ROUTED_BACKEND,
                        definition.namespace(),
                        "NetworkAttachmentDefinition " + definition.qualifiedName(),
                        null,
                        0,
                        "Backend network with " + String.join("; ", routing) + "."));
            }
        }
        return findings;
    }
}
