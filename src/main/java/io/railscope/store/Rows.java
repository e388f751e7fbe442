package io.railscope.store;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Runs one query and maps its rows to records through {@link Row}. Parameters bind as JDBC objects,
 * except an {@link Instant} (a timestamp) and an enum constant (its name).
 */
final class Rows {

    private Rows() {}

    static <T> List<T> list(Connection connection, String sql, RowMapper<T> mapper, Object... parameters)
            throws SQLException {
        try (PreparedStatement statement = connection.prepareStatement(sql)) {
            bind(statement, parameters);
            try (ResultSet rs = statement.executeQuery()) {
                Row row = new Row(rs);
                List<T> rows = new ArrayList<>();
                while (rs.next()) {
                    rows.add(mapper.map(row));
                }
                return rows;
            }
        }
    }

    /** The first row, if any. */
    static <T> Optional<T> first(Connection connection, String sql, RowMapper<T> mapper, Object... parameters)
            throws SQLException {
        return list(connection, sql, mapper, parameters).stream().findFirst();
    }

    static void bind(PreparedStatement statement, Object... parameters) throws SQLException {
        for (int i = 0; i < parameters.length; i++) {
            Object parameter = parameters[i];
            if (parameter instanceof Instant at) {
                parameter = Timestamp.from(at);
            } else if (parameter instanceof Enum<?> constant) {
                parameter = constant.name();
            }
            statement.setObject(i + 1, parameter);
        }
    }

    @FunctionalInterface
    interface RowMapper<T> {
        T map(Row row) throws SQLException;
    }
}
