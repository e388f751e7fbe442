package io.railscope.store;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/** Maps the rows of one query to records. */
final class Rows {

    private Rows() {
    }

    static <T> List<T> list(Connection connection, String sql, RowMapper<T> mapper, Object... parameters) throws SQLException {
        try (PreparedStatement statement = connection.prepareStatement(sql)) {
            for (int i = 0; i < parameters.length; i++) {
                statement.setObject(i + 1, parameters[i]);
            }
            try (ResultSet rs = statement.executeQuery()) {
                List<T> rows = new ArrayList<>();
                while (rs.next()) {
                    rows.add(mapper.map(rs));
                }
                return rows;
            }
        }
    }

    static Double nullableDouble(ResultSet rs, String column) throws SQLException {
        double value = rs.getDouble(column);
        return rs.wasNull() ? null : value;
    }

    /** A jsonb column holding an object of integers. */
    static java.util.Map<String, Integer> integers(ResultSet rs, String column) throws SQLException {
        String json = rs.getString(column);
        if (json == null || json.isBlank()) {
            return java.util.Map.of();
        }
        try {
            return JSON.readValue(json, new com.fasterxml.jackson.core.type.TypeReference<java.util.TreeMap<String, Integer>>() { });
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new SQLException("column " + column + " is not an object of integers: " + e.getOriginalMessage(), e);
        }
    }

    private static final com.fasterxml.jackson.databind.ObjectMapper JSON = new com.fasterxml.jackson.databind.ObjectMapper();

    @FunctionalInterface
    interface RowMapper<T> {
        T map(ResultSet rs) throws SQLException;
    }
}
