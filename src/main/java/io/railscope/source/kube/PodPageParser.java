package io.railscope.source.kube;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import io.railscope.source.IsolationObjects.PodSecurity;
import io.railscope.source.ipam.ClusterObjects.PodObject;
import java.io.IOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.BiConsumer;

/**
 * Reads a page of a Pod list straight into {@link PodObject}s with a streaming parser, keeping the
 * eight fields IPAM needs and what the isolation audit reads ({@link PodIsolationReader}), skipping the rest. Binding 400,000 pods to the full Pod model took
 * most of a large cell's collection (see BENCHMARKS.md); this does not build it.
 */
final class PodPageParser {

    private static final JsonFactory JSON = new JsonFactory();
    private static final String[] CONTINUE = {"continue"};
    private static final String[] RESOURCE_VERSION = {"resourceVersion"};
    private static final int OTHER = 0;
    private static final int METADATA = 1;
    private static final int SPEC = 2;
    private static final int STATUS = 3;

    private PodPageParser() {}

    /**
     * The continue token of a page, read from the list metadata without touching the items: the API
     * server writes {@code metadata} first, so the next page can be requested while this one is parsed.
     */
    static String continueToken(byte[] page) throws IOException {
        try (JsonParser parser = JSON.createParser(page)) {
            expect(parser.nextToken(), JsonToken.START_OBJECT);
            while (parser.nextToken() == JsonToken.FIELD_NAME) {
                String field = parser.currentName();
                parser.nextToken();
                if ("metadata".equals(field)) {
                    String next = stringAt(parser, CONTINUE, 0);
                    return next == null || next.isEmpty() ? null : next;
                }
                parser.skipChildren();
            }
        }
        return null;
    }

    /** A pod as Railscope keeps it: its IPAM fields, its audit entry when it is worth one, what was wrong with it. */
    record PodEntry(PodObject pod, PodSecurity security, List<String> problems) {}

    /** The list's resourceVersion, from its metadata: the version a watch of the list starts from. */
    static String resourceVersion(byte[] page) throws IOException {
        try (JsonParser parser = JSON.createParser(page)) {
            expect(parser.nextToken(), JsonToken.START_OBJECT);
            while (parser.nextToken() == JsonToken.FIELD_NAME) {
                String field = parser.currentName();
                parser.nextToken();
                if ("metadata".equals(field)) {
                    return stringAt(parser, RESOURCE_VERSION, 0);
                }
                parser.skipChildren();
            }
        }
        return null;
    }

    /** Hands every pod of the page to {@code each}, keyed namespace/name. */
    static void parseEntries(byte[] page, Set<String> labelKeys, BiConsumer<String, PodEntry> each) throws IOException {
        List<String> problems = new ArrayList<>(0);
        // one reader for the page, emptied between pods: a reader per pod is 400,000 of them in a large cell
        PodIsolationReader isolation = new PodIsolationReader(labelKeys, problems);
        try (JsonParser parser = JSON.createParser(page)) {
            expect(parser.nextToken(), JsonToken.START_OBJECT);
            while (parser.nextToken() == JsonToken.FIELD_NAME) {
                String field = parser.currentName();
                parser.nextToken();
                if ("items".equals(field) && parser.currentToken() == JsonToken.START_ARRAY) {
                    while (parser.nextToken() == JsonToken.START_OBJECT) {
                        PodEntry entry = entry(parser, isolation, problems);
                        each.accept(entry.pod().namespace() + "/" + entry.pod().name(), entry);
                    }
                } else {
                    parser.skipChildren();
                }
            }
        }
    }

    /** One pod object, as a watch event carries it. */
    static PodEntry parseOne(byte[] pod, Set<String> labelKeys) throws IOException {
        List<String> problems = new ArrayList<>(0);
        try (JsonParser parser = JSON.createParser(pod)) {
            expect(parser.nextToken(), JsonToken.START_OBJECT);
            return entry(parser, new PodIsolationReader(labelKeys, problems), problems);
        }
    }

    /** The pod the parser is on, with what {@code isolation} (emptied first) and its {@code problems} add for it. */
    private static PodEntry entry(JsonParser parser, PodIsolationReader isolation, List<String> problems)
            throws IOException {
        isolation.reset();
        int audited = isolation.audited().size();
        int reported = problems.size();
        PodObject pod = pod(parser, isolation);
        isolation.finish(pod.namespace(), pod.name(), pod.node(), pod.hostNetwork(), pod.phase());
        PodSecurity security = isolation.audited().size() > audited
                ? isolation.audited().get(isolation.audited().size() - 1)
                : null;
        List<String> own =
                problems.size() > reported ? List.copyOf(problems.subList(reported, problems.size())) : List.of();
        return new PodEntry(pod, security, own);
    }

    private static PodObject pod(JsonParser parser, PodIsolationReader isolation) throws IOException {
        String namespace = null;
        String name = null;
        String created = null;
        String node = null;
        boolean hostNetwork = false;
        String phase = null;
        String ip = null;
        String waiting = null;
        while (parser.nextToken() == JsonToken.FIELD_NAME) {
            String section = parser.currentName();
            if (parser.nextToken() != JsonToken.START_OBJECT) {
                parser.skipChildren();
                continue;
            }
            int kind = switch (section) {
                case "metadata" -> METADATA;
                case "spec" -> SPEC;
                case "status" -> STATUS;
                default -> OTHER;
            };
            while (parser.nextToken() == JsonToken.FIELD_NAME) {
                String field = parser.currentName();
                JsonToken value = parser.nextToken();
                if (kind == METADATA && "name".equals(field)) {
                    name = parser.getValueAsString();
                } else if (kind == METADATA && "namespace".equals(field)) {
                    namespace = parser.getValueAsString();
                } else if (kind == METADATA && "creationTimestamp".equals(field)) {
                    created = parser.getValueAsString();
                } else if (kind == METADATA && "labels".equals(field)) {
                    isolation.readLabels(parser);
                } else if (kind == METADATA && "annotations".equals(field)) {
                    isolation.readAnnotations(parser);
                } else if (kind == METADATA && "ownerReferences".equals(field)) {
                    isolation.readOwners(parser);
                } else if (kind == SPEC && ("containers".equals(field) || "initContainers".equals(field))) {
                    isolation.readContainers(parser);
                } else if (kind == SPEC && "nodeName".equals(field)) {
                    node = parser.getValueAsString();
                } else if (kind == SPEC && "hostNetwork".equals(field)) {
                    hostNetwork = value == JsonToken.VALUE_TRUE;
                } else if (kind == STATUS && "phase".equals(field)) {
                    phase = parser.getValueAsString();
                } else if (kind == STATUS && "podIP".equals(field)) {
                    ip = parser.getValueAsString();
                } else if (kind == STATUS && "containerStatuses".equals(field)) {
                    waiting = firstWaitingReason(parser);
                } else {
                    parser.skipChildren();
                }
            }
        }
        // only a waiting pod's age matters (stuck in ContainerCreating); parsing 400,000 timestamps would not be free
        Instant since = waiting != null && created != null ? Instant.parse(created) : null;
        return new PodObject(namespace, name, node, ip, hostNetwork, phase, waiting, since);
    }

    /** The waiting reason of the first waiting container: containerStatuses[].state.waiting.reason. */
    private static String firstWaitingReason(JsonParser parser) throws IOException {
        if (parser.currentToken() != JsonToken.START_ARRAY) {
            parser.skipChildren();
            return null;
        }
        String reason = null;
        while (parser.nextToken() == JsonToken.START_OBJECT) {
            String waiting = stringAt(parser, new String[] {"state", "waiting", "reason"}, 0);
            reason = reason == null ? waiting : reason;
        }
        return reason;
    }

    /** Reads the object the parser is on to its end and returns the string at {@code path} inside it, or null. */
    private static String stringAt(JsonParser parser, String[] path, int depth) throws IOException {
        if (parser.currentToken() != JsonToken.START_OBJECT) {
            parser.skipChildren();
            return null;
        }
        String found = null;
        while (parser.nextToken() == JsonToken.FIELD_NAME) {
            String field = parser.currentName();
            parser.nextToken();
            if (found == null && path[depth].equals(field)) {
                if (depth == path.length - 1) {
                    found = parser.getValueAsString();
                    parser.skipChildren();
                } else {
                    found = stringAt(parser, path, depth + 1);
                }
            } else {
                parser.skipChildren();
            }
        }
        return found;
    }

    private static void expect(JsonToken actual, JsonToken expected) throws IOException {
        if (actual != expected) {
            throw new IOException("not a list response: expected " + expected + ", got " + actual);
        }
    }
}
