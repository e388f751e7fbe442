package io.railscope.store;

import io.railscope.notify.SilenceStore;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import io.agroal.api.AgroalDataSource;
import io.railscope.model.Matcher;
import io.railscope.model.Silence;
import jakarta.enterprise.context.ApplicationScoped;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

/** Silences, kept until a week after they end. */
@ApplicationScoped
public class SqlSilenceStore implements SilenceStore {

    private static final TypeReference<List<Matcher>> MATCHERS = new TypeReference<>() {
    };

    private final AgroalDataSource dataSource;

    public SqlSilenceStore(AgroalDataSource dataSource) {
        this.dataSource = dataSource;
    }

    @Override
    public void create(Silence silence) {
        try (Connection connection = dataSource.getConnection()) {
            SqlStatements.update(connection, """
                    INSERT INTO silence (id, matchers, starts_at, ends_at, created_by, comment, created_at)
                    VALUES (?, ?::jsonb, ?, ?, ?, ?, ?)""", silence.id(), NcclLogStore.JSON.writeValueAsString(silence.matchers()),
                    Timestamp.from(silence.startsAt()), Timestamp.from(silence.endsAt()), silence.createdBy(), silence.comment(),
                    Timestamp.from(silence.createdAt()));
        } catch (SQLException | JsonProcessingException e) {
            throw new StoreException("keeping a silence failed: " + e.getMessage(), e);
        }
    }

    /** Ends a silence now; false when there is none with that id. */
    @Override
    public boolean expire(UUID id, Instant now) {
        try (Connection connection = dataSource.getConnection()) {
            return SqlStatements.update(connection, "UPDATE silence SET expired_at = least(coalesce(expired_at, ?), ?) WHERE id = ?",
                    Timestamp.from(now), Timestamp.from(now), id) == 1;
        } catch (SQLException e) {
            throw new StoreException("expiring a silence failed: " + e.getMessage(), e);
        }
    }

    /** Silences not yet a week past their end, newest first. */
    @Override
    public List<Silence> recent(Instant now) {
        try (Connection connection = dataSource.getConnection()) {
            return Rows.list(connection, """
                    SELECT id, matchers::text, starts_at, ends_at, created_by, comment, created_at, expired_at FROM silence
                     WHERE least(ends_at, coalesce(expired_at, ends_at)) > ? ORDER BY created_at DESC""", rs -> {
                try {
                    Timestamp expired = rs.getTimestamp(8);
                    return new Silence((UUID) rs.getObject(1), NcclLogStore.JSON.readValue(rs.getString(2), MATCHERS), rs.getTimestamp(3).toInstant(),
                            rs.getTimestamp(4).toInstant(), rs.getString(5), rs.getString(6), rs.getTimestamp(7).toInstant(),
                            expired == null ? null : expired.toInstant());
                } catch (JsonProcessingException e) {
                    throw new SQLException("silence matchers do not read: " + e.getMessage(), e);
                }
            }, Timestamp.from(now.minus(java.time.Duration.ofDays(7))));
        } catch (SQLException e) {
            throw new StoreException("reading silences failed: " + e.getMessage(), e);
        }
    }
}
