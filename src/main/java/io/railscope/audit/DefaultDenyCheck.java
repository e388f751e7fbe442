package io.railscope.audit;

import io.railscope.config.AuditSettings;
import io.railscope.model.IsolationCheck;
import io.railscope.source.IsolationObjects;
import io.railscope.source.IsolationObjects.NetworkPolicyObject;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * {@link IsolationCheck#NAMESPACE_WITHOUT_DEFAULT_DENY}: a tenant namespace where no NetworkPolicy denies ingress,
 * egress or both by default. Nothing is said when the NetworkPolicies could not be read.
 */
final class DefaultDenyCheck {

    private DefaultDenyCheck() {}

    static List<IsolationFinding> findings(IsolationObjects objects, AuditSettings settings) {
        if (!objects.networkPoliciesRead()) {
            return List.of();
        }
        Map<String, List<NetworkPolicyObject>> policies =
                objects.networkPolicies().stream().collect(Collectors.groupingBy(NetworkPolicyObject::namespace));
        List<IsolationFinding> findings = new ArrayList<>();
        for (Map.Entry<String, Integer> namespace : new TreeMap<>(objects.podsByNamespace()).entrySet()) {
            if (settings.isSystem(namespace.getKey())) {
                continue;
            }
            List<NetworkPolicyObject> own = policies.getOrDefault(namespace.getKey(), List.of());
            boolean ingress = own.stream().anyMatch(NetworkPolicyObject::deniesIngress);
            boolean egress = own.stream().anyMatch(NetworkPolicyObject::deniesEgress);
            if (ingress && egress) {
                continue;
            }
            String missing = !ingress && !egress ? "ingress and egress" : ingress ? "egress" : "ingress";
            findings.add(new IsolationFinding(
                    IsolationCheck.NAMESPACE_WITHOUT_DEFAULT_DENY,
                    namespace.getKey(),
                    "Namespace " + namespace.getKey(),
                    null,
                    namespace.getValue(),
                    "No NetworkPolicy denies " + missing + " by default for its "
                            + PodFindings.pods(namespace.getValue()) + " (" + own.size()
                            + " NetworkPolicies in the namespace)."));
        }
        return findings;
    }
}
