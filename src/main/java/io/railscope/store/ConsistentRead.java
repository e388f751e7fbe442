package io.railscope.store;

import io.agroal.api.AgroalDataSource;
import jakarta.enterprise.context.ApplicationScoped;
import java.sql.Connection;
import java.sql.SQLException;

/**
 * Runs several queries against one snapshot of the database (a read-only REPEATABLE READ
 * transaction), so a page built from them shows one collection of a cell, never parts of two.
 */
@ApplicationScoped
public class ConsistentRead {

    private final AgroalDataSource dataSource;

    public ConsistentRead(AgroalDataSource dataSource) {
        this.dataSource = dataSource;
    }

    public <T> T read(Query<T> query) {
        try (Connection connection = dataSource.getConnection()) {
            connection.setAutoCommit(false);
            connection.setTransactionIsolation(Connection.TRANSACTION_REPEATABLE_READ);
            connection.setReadOnly(true);
            try {
                return query.run(connection);
            } finally {
                connection.rollback();
                connection.setReadOnly(false);
                connection.setTransactionIsolation(Connection.TRANSACTION_READ_COMMITTED);
                connection.setAutoCommit(true);
            }
        } catch (SQLException e) {
            throw new StoreException("read failed: " + e.getMessage(), e);
        }
    }

    /** Queries that run inside one snapshot. */
    @FunctionalInterface
    public interface Query<T> {
        T run(Connection connection) throws SQLException;
    }
}
