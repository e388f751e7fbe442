package io.railscope;

import io.agroal.api.AgroalDataSource;
import jakarta.enterprise.context.ApplicationScoped;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;

/** Plain SQL against the test database, for tests that check what was stored. */
@ApplicationScoped
public class TestDatabase {

    private final AgroalDataSource dataSource;

    public TestDatabase(AgroalDataSource dataSource) {
        this.dataSource = dataSource;
    }

    public long number(String sql, Object... parameters) {
        Object value = value(sql, parameters);
        return value == null ? 0 : ((Number) value).longValue();
    }

    public String text(String sql, Object... parameters) {
        Object value = value(sql, parameters);
        return value == null ? null : value.toString();
    }

    public void execute(String sql, Object... parameters) {
        try (Connection connection = dataSource.getConnection();
                PreparedStatement statement = connection.prepareStatement(sql)) {
            bind(statement, parameters);
            statement.execute();
        } catch (SQLException e) {
            throw new IllegalStateException(sql + ": " + e.getMessage(), e);
        }
    }

    public Connection connection() throws SQLException {
        return dataSource.getConnection();
    }

    private Object value(String sql, Object... parameters) {
        try (Connection connection = dataSource.getConnection();
                PreparedStatement statement = connection.prepareStatement(sql)) {
            bind(statement, parameters);
            try (ResultSet rs = statement.executeQuery()) {
                return rs.next() ? rs.getObject(1) : null;
            }
        } catch (SQLException e) {
            throw new IllegalStateException(sql + ": " + e.getMessage(), e);
        }
    }

    private static void bind(PreparedStatement statement, Object... parameters) throws SQLException {
        for (int i = 0; i < parameters.length; i++) {
            statement.setObject(i + 1, parameters[i]);
        }
    }
}
