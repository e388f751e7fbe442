package io.railscope.config;

import io.railscope.model.IsolationCheck;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * How a cell's isolation is audited.
 *
 * @param systemNamespaces           namespaces of the platform: not tenants, allowed host networking and privileges
 * @param inferenceSelector          the label selector of inference pods, which must have no backend rails
 * @param sharedAttachmentNamespaces namespaces whose NetworkAttachmentDefinitions are shared with every tenant on purpose
 * @param multusConfigMaps           where the Multus configuration may be, as {@code namespace/name}, tried in order
 * @param expectedMtu                the MTU of every backend rail
 * @param disabled                   checks this cell does not run
 */
public record AuditSettings(
        Set<String> systemNamespaces,
        LabelSelector inferenceSelector,
        Set<String> sharedAttachmentNamespaces,
        List<String> multusConfigMaps,
        int expectedMtu,
        Set<IsolationCheck> disabled) {

    public AuditSettings {
        systemNamespaces = Set.copyOf(systemNamespaces);
        sharedAttachmentNamespaces = Set.copyOf(sharedAttachmentNamespaces);
        multusConfigMaps = List.copyOf(multusConfigMaps);
        disabled = disabled.isEmpty() ? Set.of() : Set.copyOf(EnumSet.copyOf(disabled));
    }

    public static AuditSettings defaults() {
        return new AuditSettings(
                Set.of(CellConfig.Audit.DEFAULT_SYSTEM_NAMESPACES.split(",")),
                LabelSelector.parse(CellConfig.Audit.DEFAULT_INFERENCE_SELECTOR),
                Set.of(),
                List.of(CellConfig.Audit.DEFAULT_MULTUS_CONFIG_MAPS.split(",")),
                Integer.parseInt(CellConfig.Rails.DEFAULT_EXPECTED_MTU),
                Set.of());
    }

    static AuditSettings of(CellConfig.Audit audit, int expectedMtu) {
        return new AuditSettings(
                Set.copyOf(audit.systemNamespaces()),
                LabelSelector.parse(audit.inferenceSelector()),
                Set.copyOf(audit.sharedAttachmentNamespaces().orElse(List.of())),
                audit.multusConfigMaps(),
                expectedMtu,
                Set.copyOf(audit.disabledChecks().orElse(List.of())));
    }

    public boolean runs(IsolationCheck check) {
        return !disabled.contains(check);
    }

    public boolean isSystem(String namespace) {
        return systemNamespaces.contains(namespace);
    }
}
