package io.railscope.audit;

import io.railscope.config.AuditSettings;
import io.railscope.model.IsolationCheck;
import io.railscope.source.IsolationObjects;
import io.railscope.source.IsolationObjects.Attachment;
import io.railscope.source.IsolationObjects.PodSecurity;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * {@link IsolationCheck#FOREIGN_ATTACHMENT}: tenant pods attached through the NetworkAttachmentDefinition of another
 * namespace (one not declared shared), one finding per namespace and network.
 */
final class ForeignAttachmentCheck {

    private ForeignAttachmentCheck() {}

    static List<IsolationFinding> findings(IsolationObjects objects, AuditSettings settings) {
        Map<String, List<PodSecurity>> byNamespaceAndNetwork = new TreeMap<>();
        Map<String, String> interfaces = new HashMap<>();
        for (PodSecurity pod : objects.pods()) {
            if (settings.isSystem(pod.namespace())) {
                continue;
            }
            for (Attachment attachment : pod.attachments()) {
                String owner = attachment.networkNamespace(pod.namespace());
                if (!owner.equals(pod.namespace())
                        && !settings.sharedAttachmentNamespaces().contains(owner)) {
                    String key = pod.namespace() + "\u0000" + owner + "/" + attachment.networkName();
                    List<PodSecurity> pods = byNamespaceAndNetwork.computeIfAbsent(key, k -> new ArrayList<>());
                    if (pods.isEmpty() || pods.get(pods.size() - 1) != pod) {
                        pods.add(pod);
                    }
                    interfaces.putIfAbsent(key, attachment.iface());
                }
            }
        }
        List<IsolationFinding> findings = new ArrayList<>();
        byNamespaceAndNetwork.forEach((key, pods) -> {
            String namespace = key.substring(0, key.indexOf('\u0000'));
            String network = key.substring(key.indexOf('\u0000') + 1);
            findings.add(new IsolationFinding(
                    IsolationCheck.FOREIGN_ATTACHMENT,
                    namespace,
                    "NetworkAttachmentDefinition " + network,
                    PodFindings.single(pods),
                    pods.size(),
                    "Interface " + interfaces.get(key) + " of " + PodFindings.pods(pods.size()) + " of namespace "
                            + namespace + " (" + PodFindings.examples(pods) + ") comes from " + network + "."));
        });
        return findings;
    }
}
