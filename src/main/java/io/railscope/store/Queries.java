package io.railscope.store;

import java.sql.SQLException;

/** Runs a query on a connection the caller holds, and reports its failure as the store's. */
final class Queries {

    private Queries() {}

    static <T> T unchecked(Query<T> query) {
        try {
            return query.run();
        } catch (SQLException e) {
            throw new StoreException("read failed: " + e.getMessage(), e);
        }
    }

    @FunctionalInterface
    interface Query<T> {
        T run() throws SQLException;
    }
}
