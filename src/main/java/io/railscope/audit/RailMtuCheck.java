package io.railscope.audit;

import io.railscope.model.IsolationCheck;
import io.railscope.source.IsolationObjects;
import io.railscope.source.IsolationObjects.Attachment;
import io.railscope.source.IsolationObjects.AttachmentDefinition;
import io.railscope.source.IsolationObjects.PodSecurity;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * {@link IsolationCheck#RAIL_MTU_MISMATCH}: a backend network whose CNI config sets, or whose pods report, an MTU
 * other than the rails'; a network is said once, from its config when that is wrong.
 */
final class RailMtuCheck {

    private RailMtuCheck() {}

    static List<IsolationFinding> findings(IsolationObjects objects, int expected, BackendNetworks backends) {
        Map<String, String> nadFindings = new LinkedHashMap<>();
        for (AttachmentDefinition definition : objects.attachmentDefinitions()) {
            if (backends.isBackend(definition) && definition.mtu() != null && definition.mtu() != expected) {
                nadFindings.put(
                        definition.qualifiedName(),
                        "Its CNI config sets mtu " + definition.mtu() + "; the cell's rails run " + expected + ".");
            }
        }
        Map<String, Map<Integer, List<String>>> reported = new TreeMap<>();
        for (PodSecurity pod : objects.pods()) {
            for (Attachment attachment : pod.attachments()) {
                if (attachment.mtu() != null && attachment.mtu() != expected && backends.isBackend(attachment)) {
                    String network = attachment.networkNamespace(pod.namespace()) + "/" + attachment.networkName();
                    reported.computeIfAbsent(network, k -> new TreeMap<>())
                            .computeIfAbsent(attachment.mtu(), k -> new ArrayList<>())
                            .add(pod.namespace() + "/" + pod.name() + " " + attachment.iface());
                }
            }
        }
        List<IsolationFinding> findings = new ArrayList<>();
        nadFindings.forEach((network, detail) -> findings.add(mtuFinding(network, 0, detail)));
        reported.forEach((network, byMtu) -> {
            if (nadFindings.containsKey(network)) {
                return;
            }
            int pods = byMtu.values().stream().mapToInt(List::size).sum();
            String seen = byMtu.entrySet().stream()
                    .map(entry -> "mtu " + entry.getKey() + " on "
                            + PodFindings.pods(entry.getValue().size()) + " ("
                            + entry.getValue().stream()
                                    .limit(PodFindings.EXAMPLES)
                                    .collect(Collectors.joining(", ")) + ")")
                    .collect(Collectors.joining("; "));
            findings.add(mtuFinding(
                    network, pods, "network-status reports " + seen + "; the cell's rails run " + expected + "."));
        });
        return findings;
    }

    private static IsolationFinding mtuFinding(String network, int pods, String detail) {
        return new IsolationFinding(
                IsolationCheck.RAIL_MTU_MISMATCH,
                network.substring(0, network.indexOf('/')),
                "NetworkAttachmentDefinition " + network,
                null,
                pods,
                detail);
    }
}
