package io.railscope.store;

import static io.railscope.store.SqlStatements.execute;

import io.agroal.api.AgroalDataSource;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;
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

    @Transactional(Transactional.TxType.REQUIRES_NEW)
    public <T> T read(Query<T> query) {
        // Within the transaction every getConnection() is the same enlisted connection.
        try (Connection connection = dataSource.getConnection()) {
            execute(connection, "SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY");
            return query.run(connection);
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
