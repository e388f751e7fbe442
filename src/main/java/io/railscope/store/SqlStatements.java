package io.railscope.store;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;

/** Runs one statement with positional parameters and returns the rows it touched. */
final class SqlStatements {

    private SqlStatements() {}

    static long update(Connection connection, String sql, Object... parameters) throws SQLException {
        try (PreparedStatement statement = connection.prepareStatement(sql)) {
            Rows.bind(statement, parameters);
            return statement.executeLargeUpdate();
        }
    }

    static void execute(Connection connection, String sql) throws SQLException {
        try (Statement statement = connection.createStatement()) {
            statement.execute(sql);
        }
    }
}
