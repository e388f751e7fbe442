package io.railscope.source.kube;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import io.railscope.source.ipam.ClusterObjects.PodObject;
import java.io.IOException;
import java.time.Instant;
import java.util.List;

/**
 * Reads a page of a Pod list straight into {@link PodObject}s with a streaming parser, keeping the
 * eight fields IPAM needs and what the isolation audit reads ({@link PodIsolationReader}), skipping the rest. Binding 400,000 pods to the full Pod model took
 * most of a large cell's collection (see BENCHMARKS.md); this does not build it.
 */
final class PodPageParser {

    private static final JsonFactory JSON = new JsonFactory();
    private static final String[] CONTINUE = {"continue"};
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

    /**
     * Adds the page's pods to {@code pods}, hands each to {@code isolation} (which keeps those worth an
     * audit), and returns its continue token, or null on the last page.
     */
    static String parse(byte[] page, List<PodObject> pods, PodIsolationReader isolation) throws IOException {
        String next = null;
        try (JsonParser parser = JSON.createParser(page)) {
            expect(parser.nextToken(), JsonToken.START_OBJECT);
            while (parser.nextToken() == JsonToken.FIELD_NAME) {
                String field = parser.currentName();
                parser.nextToken();
                if ("metadata".equals(field)) {
                    next = stringAt(parser, CONTINUE, 0);
                } else if ("items".equals(field) && parser.currentToken() == JsonToken.START_ARRAY) {
                    while (parser.nextToken() == JsonToken.START_OBJECT) {
                        isolation.reset();
                        PodObject pod = pod(parser, isolation);
                        pods.add(pod);
                        isolation.finish(pod.namespace(), pod.name(), pod.node(), pod.hostNetwork(), pod.phase());
                    }
                } else {
                    parser.skipChildren();
                }
            }
        }
        return next == null || next.isEmpty() ? null : next;
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
