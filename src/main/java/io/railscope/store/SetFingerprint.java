package io.railscope.store;

import static io.railscope.store.SqlStatements.update;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.Collection;
import java.util.function.ToLongFunction;

/**
 * A hash of a set of rows, the same whatever their order, kept on the cell: a writer whose rows hash as they did at
 * the last commit writes nothing.
 */
enum SetFingerprint {
    PORTS("ports_fingerprint"),
    PORT_ATTRIBUTES("port_attributes_fingerprint"),
    CABLES("cables_fingerprint"),
    UPLINKS("uplinks_fingerprint");

    private final String column;

    SetFingerprint(String column) {
        this.column = column;
    }

    static <T> long of(Collection<T> rows, ToLongFunction<T> hash) {
        long sum = 0;
        long xor = 0;
        for (T row : rows) {
            long mixed = hash.applyAsLong(row) * 0x9E3779B97F4A7C15L;
            sum += mixed;
            xor ^= Long.rotateLeft(mixed, 17);
        }
        return sum * 31 + xor + rows.size();
    }

    /** Whether the cell's rows hashed to {@code fingerprint} at the last commit. */
    boolean holds(Connection connection, CellRow cell, long fingerprint) throws SQLException {
        return Rows.list(
                                connection,
                                "SELECT 1 FROM cell WHERE id = ? AND " + column + " = ?",
                                rs -> 1,
                                cell.id(),
                                fingerprint)
                        .size()
                == 1;
    }

    void keep(Connection connection, CellRow cell, long fingerprint) throws SQLException {
        update(connection, "UPDATE cell SET " + column + " = ? WHERE id = ?", fingerprint, cell.id());
    }
}
