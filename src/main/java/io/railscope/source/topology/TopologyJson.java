package io.railscope.source.topology;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.railscope.source.json.ClusterJson;
import java.io.IOException;
import java.io.InputStream;
import java.util.Locale;

/**
 * A JSON input read through {@link ClusterJson} (its depth and string limits) within {@link InputBounds}, and the
 * accessors that refuse a node of the wrong shape naming its JSON path.
 */
final class TopologyJson {

    private final String source;

    private TopologyJson(String source) {
        this.source = source;
    }

    /** Reading and accessors whose refusals name {@code source}. */
    static TopologyJson of(String source) {
        return new TopologyJson(source);
    }

    /** The document {@code input} holds; what is not JSON, breaks a limit or is empty is refused. */
    JsonNode parse(InputStream input) throws IOException {
        JsonNode root;
        try {
            root = ClusterJson.read(InputBounds.capped(input));
        } catch (InputBounds.TooLarge e) {
            throw new TopologyFormatException(source, "byte " + (InputBounds.MAX_INPUT_BYTES + 1L), e.getMessage());
        } catch (JsonProcessingException e) {
            if (e.getCause() instanceof InputBounds.TooLarge tooLarge) {
                throw new TopologyFormatException(
                        source, "byte " + (InputBounds.MAX_INPUT_BYTES + 1L), tooLarge.getMessage());
            }
            JsonLocation at = e.getLocation();
            String where = at == null ? "$" : "line " + at.getLineNr() + ", column " + at.getColumnNr();
            throw new TopologyFormatException(source, where, "not JSON: " + e.getOriginalMessage());
        }
        if (root == null || root.isMissingNode()) {
            throw new TopologyFormatException(source, "$", "no JSON document");
        }
        return root;
    }

    ObjectNode object(JsonNode node, String path) {
        if (node instanceof ObjectNode object) {
            return object;
        }
        throw wrong(node, path, "an object");
    }

    ArrayNode array(JsonNode node, String path) {
        if (node instanceof ArrayNode array) {
            return array;
        }
        throw wrong(node, path, "a list");
    }

    /** The one object of a list that holds exactly one (lldpcli json0's shape for every element). */
    ObjectNode only(JsonNode node, String path) {
        ArrayNode array = array(node, path);
        if (array.size() != 1) {
            throw refuse(path, "expected a list of one object, found " + array.size() + " elements");
        }
        return object(array.get(0), path + "[0]");
    }

    String text(JsonNode node, String path) {
        if (node != null && node.isTextual()) {
            return node.textValue();
        }
        throw wrong(node, path, "a string");
    }

    /** The string at {@code path}, or null when there is none. */
    String optionalText(JsonNode node, String path) {
        return node == null || node.isNull() ? null : text(node, path);
    }

    TopologyFormatException refuse(String path, String problem) {
        return new TopologyFormatException(source, path, problem);
    }

    private TopologyFormatException wrong(JsonNode node, String path, String expected) {
        String found = node == null || node.isMissingNode()
                ? "nothing"
                : node.getNodeType().name().toLowerCase(Locale.ROOT);
        return refuse(path, "expected " + expected + ", found " + found);
    }
}
