package io.railscope.audit;

import io.railscope.model.IsolationCheck;
import io.railscope.source.IsolationObjects;
import java.util.List;

/**
 * {@link IsolationCheck#MULTUS_NO_NAMESPACE_ISOLATION}: Multus lets a pod use a NetworkAttachmentDefinition of any
 * namespace, because its {@code namespaceIsolation} is off or not set.
 */
final class MultusIsolationCheck {

    private MultusIsolationCheck() {}

    static List<IsolationFinding> findings(IsolationObjects objects) {
        return objects.multus()
                .filter(config -> !Boolean.TRUE.equals(config.namespaceIsolation()))
                .map(config -> List.of(new IsolationFinding(
                        IsolationCheck.MULTUS_NO_NAMESPACE_ISOLATION,
                        null,
                        config.source(),
                        null,
                        0,
                        config.namespaceIsolation() == null
                                ? "namespaceIsolation is not set, so it is off."
                                : "namespaceIsolation is false.")))
                .orElse(List.of());
    }
}
