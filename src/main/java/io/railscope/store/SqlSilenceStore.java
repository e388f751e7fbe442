package io.railscope.store;

import com.fasterxml.jackson.core.type.TypeReference;
import io.agroal.api.AgroalDataSource;
import io.railscope.model.Matcher;
import io.railscope.model.Silence;
import io.railscope.notify.SilenceStore;
import jakarta.enterprise.context.ApplicationScoped;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
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
                    VALUES (?, ?::jsonb, ?, ?, ?, ?, ?)""", silence.id(), JsonColumns.write(silence.matchers()),
                    silence.startsAt(), silence.endsAt(), silence.createdBy(), silence.comment(), silence.createdAt());
        } catch (SQLException e) {
            throw new StoreException("keeping a silence failed: " + e.getMessage(), e);
        }
    }

    /** Ends a silence now; false when there is none with that id. */
    @Override
    public boolean expire(UUID id, Instant now) {
        try (Connection connection = dataSource.getConnection()) {
            return SqlStatements.update(connection, "UPDATE silence SET expired_at = least(coalesce(expired_at, ?), ?) WHERE id = ?",
                    now, now, id) == 1;
        } catch (SQLException e) {
            throw new StoreException("expiring a silence failed: " + e.getMessage(), e);
        }
    }

    /** Silences not yet a week past their end, newest first. */
    @Override
    public List<Silence> recent(Instant now) {
        try (Connection connection = dataSource.getConnection()) {
            return Rows.list(connection, """
                    SELECT id, matchers::text AS matchers, starts_at, ends_at, created_by, comment, created_at, expired_at FROM silence
                     WHERE least(ends_at, coalesce(expired_at, ends_at)) > ? ORDER BY created_at DESC""", row -> {
                return new Silence(row.object("id", UUID.class), row.json("matchers", MATCHERS, List.of()), row.instant("starts_at"),
                        row.instant("ends_at"), row.text("created_by"), row.text("comment"), row.instant("created_at"),
                        row.instant("expired_at"));
            }, now.minus(Duration.ofDays(7)));
        } catch (SQLException e) {
            throw new StoreException("reading silences failed: " + e.getMessage(), e);
        }
    }
}
