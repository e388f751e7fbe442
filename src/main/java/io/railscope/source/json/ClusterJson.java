package io.railscope.source.json;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.InputStream;

/**
 * The one reader of JSON that clusters hand over (CNI configs, annotations, RAS answers, Inspector lines). What a
 * cluster sends is untrusted: a document nested deeper than {@value #MAX_DEPTH} levels or with a string over
 * {@value #MAX_STRING} characters is refused while it is parsed, before it costs memory; every real format is far
 * inside both.
 */
public final class ClusterJson {

    static final int MAX_DEPTH = 64;
    static final int MAX_STRING = 1 << 20;

    private static final ObjectMapper READER = JsonMapper.builder(JsonFactory.builder()
                    .streamReadConstraints(StreamReadConstraints.builder()
                            .maxNestingDepth(MAX_DEPTH)
                            .maxStringLength(MAX_STRING)
                            .build())
                    .build())
            .build();

    private ClusterJson() {}

    /** The tree of {@code json}; what is not JSON, or breaks a limit, throws naming why. */
    public static JsonNode read(String json) throws JsonProcessingException {
        return READER.readTree(json);
    }

    /** The tree of the JSON {@code input} holds, read as {@link #read(String)} reads; the stream is closed. */
    public static JsonNode read(InputStream input) throws IOException {
        return READER.readTree(input);
    }

    /** A new, empty object, for JSON that answers as a cluster's service would. */
    public static ObjectNode object() {
        return READER.createObjectNode();
    }

    /** The node of a field that is not there. */
    public static JsonNode missing() {
        return READER.missingNode();
    }
}
