package io.railscope.store;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JavaType;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import java.sql.SQLException;

/** The JSON of jsonb columns: one mapper, written and read the same way by every store class. */
final class JsonColumns {

    static final ObjectMapper JSON = new ObjectMapper()
            .configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false)
            // instants (a RAS status's time) as ISO-8601 text, not numbers
            .registerModule(new JavaTimeModule())
            .configure(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS, false);

    private JsonColumns() {}

    /** The JSON text of a value to bind to a jsonb parameter. */
    static String write(Object value) {
        try {
            return JSON.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("not writable as JSON: " + e.getOriginalMessage(), e);
        }
    }

    /** Reads JSON text of a column; what does not read is an SQLException naming the column. */
    static <T> T read(String json, TypeReference<T> type, String column) throws SQLException {
        return read(json, JSON.getTypeFactory().constructType(type), column);
    }

    static <T> T read(String json, JavaType type, String column) throws SQLException {
        try {
            return JSON.readValue(json, type);
        } catch (JsonProcessingException e) {
            throw new SQLException("column " + column + " does not read as " + type + ": " + e.getOriginalMessage(), e);
        }
    }
}
