package io.railscope.source.exposition;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.io.InputStream;
import java.util.HashMap;
import java.util.Map;

/**
 * An instant-query answer of a Prometheus-compatible query API ({@code data.result[].metric / value}), read as a
 * stream of JSON tokens and fed to a {@link SampleSink} one series at a time.
 */
final class VectorAnswer {

    private static final JsonFactory JSON = new JsonFactory();

    private VectorAnswer() {}

    /**
     * Feeds an instant-query answer ({@code data.result[].metric / value}) to the readings as samples
     * of {@code metric} (aggregations drop the name), or throws the answer's error.
     */
    static void read(InputStream body, String metric, String query, SampleSink readings) throws IOException {
        String status = null;
        String error = null;
        try (JsonParser parser = JSON.createParser(body)) {
            if (parser.nextToken() != JsonToken.START_OBJECT) {
                throw new IOException("query " + query + ": the answer is not a JSON object");
            }
            while (parser.nextToken() == JsonToken.FIELD_NAME) {
                String field = parser.currentName();
                parser.nextToken();
                switch (field) {
                    case "status" -> status = parser.getValueAsString();
                    case "error" -> error = parser.getValueAsString();
                    case "data" -> data(parser, metric, readings);
                    default -> parser.skipChildren();
                }
            }
        }
        if (!"success".equals(status)) {
            throw new IOException("query " + query + " failed: " + (error == null ? "status " + status : error));
        }
    }

    private static void data(JsonParser parser, String metric, SampleSink readings) throws IOException {
        while (parser.nextToken() == JsonToken.FIELD_NAME) {
            String field = parser.currentName();
            parser.nextToken();
            if ("result".equals(field) && parser.currentToken() == JsonToken.START_ARRAY) {
                Labels labels = new Labels();
                TextCache cache = new TextCache();
                while (parser.nextToken() == JsonToken.START_OBJECT) {
                    series(parser, metric, labels, readings, cache);
                }
            } else {
                parser.skipChildren();
            }
        }
    }

    private static void series(JsonParser parser, String metric, Labels labels, SampleSink readings, TextCache cache)
            throws IOException {
        labels.clear();
        String name = metric;
        double value = Double.NaN;
        while (parser.nextToken() == JsonToken.FIELD_NAME) {
            String field = parser.currentName();
            parser.nextToken();
            if ("metric".equals(field)) {
                while (parser.nextToken() == JsonToken.FIELD_NAME) {
                    String label = parser.currentName();
                    parser.nextToken();
                    if ("__name__".equals(label)) {
                        name = cache.text(parser, label);
                    } else {
                        labels.add(label, cache.text(parser, label));
                    }
                }
            } else if ("value".equals(field) && parser.currentToken() == JsonToken.START_ARRAY) {
                parser.nextToken();
                parser.nextToken();
                value = value(parser);
                parser.nextToken();
            } else {
                parser.skipChildren();
            }
        }
        if (name != null && readings.wants(name)) {
            readings.sample(name, labels, value, Long.MIN_VALUE);
        }
    }

    /**
     * The last String seen for each label: consecutive series of an answer repeat the metric name and,
     * eight rails in a row, the node; comparing characters is cheaper than a new String each time.
     */
    private static final class TextCache {
        private final Map<String, String> last = new HashMap<>();

        String text(JsonParser parser, String label) throws IOException {
            char[] chars = parser.getTextCharacters();
            int offset = parser.getTextOffset();
            int length = parser.getTextLength();
            String previous = last.get(label);
            if (previous != null && previous.length() == length) {
                boolean same = true;
                for (int i = length - 1; i >= 0 && same; i--) {
                    same = previous.charAt(i) == chars[offset + i];
                }
                if (same) {
                    return previous;
                }
            }
            String text = new String(chars, offset, length);
            last.put(label, text);
            return text;
        }
    }

    /** The sample value, a string in the answer; counters are whole numbers, read without a String. */
    private static double value(JsonParser parser) throws IOException {
        if (parser.currentToken() != JsonToken.VALUE_STRING) {
            return Double.NaN;
        }
        char[] chars = parser.getTextCharacters();
        int offset = parser.getTextOffset();
        int length = parser.getTextLength();
        if (length > 0 && length <= 15) {
            long whole = 0;
            int i = 0;
            while (i < length && chars[offset + i] >= '0' && chars[offset + i] <= '9') {
                whole = whole * 10 + chars[offset + i] - '0';
                i++;
            }
            if (i == length) {
                return whole;
            }
        }
        return ExpositionValues.parse(new String(chars, offset, length));
    }
}
