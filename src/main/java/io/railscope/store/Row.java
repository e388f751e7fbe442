package io.railscope.store;

import com.fasterxml.jackson.core.type.TypeReference;
import java.sql.Array;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * One row of a result, read by column name into Java types: SQL NULL is null for the boxed and
 * object readers, an empty list or map for arrays and JSON. Expressions are named with AS.
 */
final class Row {

    private static final TypeReference<TreeMap<String, Integer>> INTEGERS = new TypeReference<>() {};
    private static final TypeReference<TreeMap<String, String>> STRINGS = new TypeReference<>() {};

    private final ResultSet rs;

    Row(ResultSet rs) {
        this.rs = rs;
    }

    String text(String column) throws SQLException {
        return rs.getString(column);
    }

    int integer(String column) throws SQLException {
        return rs.getInt(column);
    }

    long number(String column) throws SQLException {
        return rs.getLong(column);
    }

    double decimal(String column) throws SQLException {
        return rs.getDouble(column);
    }

    boolean bool(String column) throws SQLException {
        return rs.getBoolean(column);
    }

    Integer nullableInteger(String column) throws SQLException {
        return rs.getObject(column, Integer.class);
    }

    Long nullableNumber(String column) throws SQLException {
        return rs.getObject(column, Long.class);
    }

    Double nullableDecimal(String column) throws SQLException {
        double value = rs.getDouble(column);
        return rs.wasNull() ? null : value;
    }

    Boolean nullableBool(String column) throws SQLException {
        return rs.getObject(column, Boolean.class);
    }

    Instant instant(String column) throws SQLException {
        Timestamp at = rs.getTimestamp(column);
        return at == null ? null : at.toInstant();
    }

    /** A column of a type the readers above do not name, e.g. a uuid. */
    <T> T object(String column, Class<T> type) throws SQLException {
        return rs.getObject(column, type);
    }

    /** A text column holding an enum constant's name; null stays null. */
    <E extends Enum<E>> E constant(Class<E> type, String column) throws SQLException {
        String name = rs.getString(column);
        return name == null ? null : Enum.valueOf(type, name);
    }

    /** A text[] column. */
    List<String> strings(String column) throws SQLException {
        Array array = rs.getArray(column);
        return array == null ? List.of() : Arrays.asList((String[]) array.getArray());
    }

    /** A jsonb column holding an object of integers, keys in order. */
    Map<String, Integer> integerMap(String column) throws SQLException {
        return json(column, INTEGERS, new TreeMap<>());
    }

    /** A jsonb column holding an object of strings, keys in order. */
    Map<String, String> stringMap(String column) throws SQLException {
        return json(column, STRINGS, new TreeMap<>());
    }

    /** A jsonb (or text) column read as {@code type}; {@code absent} for NULL or blank. */
    <T> T json(String column, TypeReference<? extends T> type, T absent) throws SQLException {
        String json = rs.getString(column);
        return json == null || json.isBlank() ? absent : JsonColumns.read(json, type, column);
    }
}
