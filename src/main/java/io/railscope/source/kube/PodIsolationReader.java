package io.railscope.source.kube;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import io.railscope.source.IsolationObjects.Attachment;
import io.railscope.source.IsolationObjects.PodSecurity;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * What the isolation audit reads of the pods {@link PodPageParser} streams over: labels the audit
 * matches on, controller, network-status, and per container its privileges and RDMA resources. One
 * instance serves a whole listing, one pod at a time; only pods worth auditing become a
 * {@link PodSecurity}, and their identical attachments (a rail of a namespace) are one object.
 */
final class PodIsolationReader {

    private static final Set<String> RAISED = Set.of("NET_ADMIN", "SYS_ADMIN");
    private static final String TEMPLATE_HASH = "pod-template-hash";

    private final Set<String> labelKeys;
    private final List<PodSecurity> audited = new ArrayList<>();
    private final List<String> problems;
    private final Map<Attachment, Attachment> attachmentsSeen = new HashMap<>();
    private final Map<String, String> labels = new HashMap<>();
    private final List<String> escalations = new ArrayList<>();
    private String ownerKind;
    private String ownerName;
    private List<Attachment> attachments = List.of();
    private String networkStatusError;
    private int railResources;

    /**
     * @param labelKeys the label keys the audit matches pods on (the inference selector's); other labels are not kept
     * @param problems  where a malformed network-status annotation is reported
     */
    PodIsolationReader(Set<String> labelKeys, List<String> problems) {
        this.labelKeys = Set.copyOf(labelKeys);
        this.problems = problems;
    }

    /** The pods worth auditing, in the order they were read. */
    List<PodSecurity> audited() {
        return audited;
    }

    void reset() {
        labels.clear();
        escalations.clear();
        ownerKind = null;
        ownerName = null;
        attachments = List.of();
        networkStatusError = null;
        railResources = 0;
    }

    /** metadata.labels: the parser is on its START_OBJECT. */
    void readLabels(JsonParser parser) throws IOException {
        if (parser.currentToken() != JsonToken.START_OBJECT) {
            parser.skipChildren();
            return;
        }
        while (parser.nextToken() == JsonToken.FIELD_NAME) {
            String key = parser.currentName();
            parser.nextToken();
            if (labelKeys.contains(key) || TEMPLATE_HASH.equals(key)) {
                labels.put(key, parser.getValueAsString());
            }
        }
    }

    /** metadata.annotations: network-status only, parsed from the parser's own buffer. */
    void readAnnotations(JsonParser parser) throws IOException {
        if (parser.currentToken() != JsonToken.START_OBJECT) {
            parser.skipChildren();
            return;
        }
        while (parser.nextToken() == JsonToken.FIELD_NAME) {
            String key = parser.currentName();
            if (parser.nextToken() == JsonToken.VALUE_STRING && NetworkStatus.ANNOTATION.equals(key)) {
                try {
                    attachments = NetworkStatus.attachments(
                            parser.getTextCharacters(),
                            parser.getTextOffset(),
                            parser.getTextLength(),
                            attachment -> attachmentsSeen.computeIfAbsent(attachment, same -> same));
                } catch (IOException e) {
                    networkStatusError = e.getMessage().lines().findFirst().orElse("");
                }
            }
        }
    }

    /** metadata.ownerReferences: the controller, else the first owner. */
    void readOwners(JsonParser parser) throws IOException {
        if (parser.currentToken() != JsonToken.START_ARRAY) {
            parser.skipChildren();
            return;
        }
        while (parser.nextToken() == JsonToken.START_OBJECT) {
            String kind = null;
            String name = null;
            boolean controller = false;
            while (parser.nextToken() == JsonToken.FIELD_NAME) {
                String field = parser.currentName();
                JsonToken value = parser.nextToken();
                switch (field) {
                    case "kind" -> kind = parser.getValueAsString();
                    case "name" -> name = parser.getValueAsString();
                    case "controller" -> controller = value == JsonToken.VALUE_TRUE;
                    default -> parser.skipChildren();
                }
            }
            if (ownerKind == null || controller) {
                ownerKind = kind;
                ownerName = name;
            }
        }
    }

    /** spec.containers or spec.initContainers: privileges and RDMA resources of each. */
    void readContainers(JsonParser parser) throws IOException {
        if (parser.currentToken() != JsonToken.START_ARRAY) {
            parser.skipChildren();
            return;
        }
        while (parser.nextToken() == JsonToken.START_OBJECT) {
            String name = null;
            List<String> raised = new ArrayList<>(0);
            int limits = 0;
            int requests = 0;
            while (parser.nextToken() == JsonToken.FIELD_NAME) {
                String field = parser.currentName();
                parser.nextToken();
                switch (field) {
                    case "name" -> name = parser.getValueAsString();
                    case "securityContext" -> readSecurityContext(parser, raised);
                    case "resources" -> {
                        int[] both = readResources(parser);
                        limits = both[0];
                        requests = both[1];
                    }
                    default -> parser.skipChildren();
                }
            }
            for (String what : raised) {
                escalations.add(name + ": " + what);
            }
            railResources = Math.max(railResources, limits > 0 ? limits : requests);
        }
    }

    /** Ends the pod: keeps it for the audit when it has not finished and something about it concerns isolation. */
    void finish(String namespace, String name, String node, boolean hostNetwork, String phase) {
        if (networkStatusError != null) {
            problems.add("Pod " + namespace + "/" + name + ": annotation " + NetworkStatus.ANNOTATION
                    + " is malformed (" + networkStatusError + "); its attachments skipped");
        }
        boolean finished = "Succeeded".equals(phase) || "Failed".equals(phase);
        if (!finished && (hostNetwork || !escalations.isEmpty() || railResources > 0 || !attachments.isEmpty())) {
            String owner = owner();
            labels.keySet().retainAll(labelKeys);
            audited.add(new PodSecurity(
                    namespace, name, node, owner, hostNetwork, escalations, labels, railResources, attachments));
        }
    }

    /** A ReplicaSet made by a Deployment is named after the Deployment and the pod-template-hash label. */
    private String owner() {
        if (ownerKind == null || ownerName == null) {
            return null;
        }
        String hash = labels.get(TEMPLATE_HASH);
        if ("ReplicaSet".equals(ownerKind) && hash != null && ownerName.endsWith("-" + hash)) {
            return "Deployment " + ownerName.substring(0, ownerName.length() - hash.length() - 1);
        }
        return ownerKind + " " + ownerName;
    }

    private static void readSecurityContext(JsonParser parser, List<String> raised) throws IOException {
        if (parser.currentToken() != JsonToken.START_OBJECT) {
            parser.skipChildren();
            return;
        }
        while (parser.nextToken() == JsonToken.FIELD_NAME) {
            String field = parser.currentName();
            JsonToken value = parser.nextToken();
            if ("privileged".equals(field) && value == JsonToken.VALUE_TRUE) {
                raised.add(0, "privileged");
            } else if ("capabilities".equals(field) && value == JsonToken.START_OBJECT) {
                while (parser.nextToken() == JsonToken.FIELD_NAME) {
                    String list = parser.currentName();
                    if (parser.nextToken() == JsonToken.START_ARRAY && "add".equals(list)) {
                        while (parser.nextToken() != JsonToken.END_ARRAY) {
                            String capability = parser.getValueAsString("")
                                    .toUpperCase(Locale.ROOT)
                                    .replaceFirst("^CAP_", "");
                            if (RAISED.contains(capability) || capability.equals("ALL")) {
                                raised.add(capability);
                            }
                        }
                    } else {
                        parser.skipChildren();
                    }
                }
            } else {
                parser.skipChildren();
            }
        }
    }

    /** {limits, requests} of RDMA resources. */
    private static int[] readResources(JsonParser parser) throws IOException {
        int[] both = new int[2];
        if (parser.currentToken() != JsonToken.START_OBJECT) {
            parser.skipChildren();
            return both;
        }
        while (parser.nextToken() == JsonToken.FIELD_NAME) {
            String kind = parser.currentName();
            parser.nextToken();
            int index = "limits".equals(kind) ? 0 : "requests".equals(kind) ? 1 : -1;
            if (index < 0 || parser.currentToken() != JsonToken.START_OBJECT) {
                parser.skipChildren();
                continue;
            }
            while (parser.nextToken() == JsonToken.FIELD_NAME) {
                String resource = parser.currentName();
                parser.nextToken();
                if (railResource(resource)) {
                    both[index] += quantity(parser.getValueAsString(""));
                }
            }
        }
        return both;
    }

    /** {@link TrainingPods#RAIL_RESOURCE}, with the common cpu, memory and gpu keys turned away before the regex. */
    private static boolean railResource(String resource) {
        return (resource.startsWith("rdma/") || resource.startsWith("nvidia.com/") && resource.indexOf("rail", 11) >= 0)
                && TrainingPods.RAIL_RESOURCE.matcher(resource).matches();
    }

    private static int quantity(String text) {
        try {
            return Integer.parseInt(text.strip());
        } catch (NumberFormatException e) {
            return 1;
        }
    }
}
