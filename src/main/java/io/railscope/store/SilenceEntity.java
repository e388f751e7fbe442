package io.railscope.store;

import io.quarkus.hibernate.orm.panache.PanacheEntityBase;
import io.railscope.model.Matcher;
import io.railscope.model.Silence;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.hibernate.annotations.JdbcTypeCode;
import org.hibernate.type.SqlTypes;

/** A silence as its row: created whole, expired in place, read whole. */
@Entity
@Table(name = "silence")
public class SilenceEntity extends PanacheEntityBase {

    @Id
    public UUID id;

    @JdbcTypeCode(SqlTypes.JSON)
    public List<Matcher> matchers;

    @Column(name = "starts_at")
    public Instant startsAt;

    @Column(name = "ends_at")
    public Instant endsAt;

    @Column(name = "created_by")
    public String createdBy;

    public String comment;

    @Column(name = "created_at")
    public Instant createdAt;

    @Column(name = "expired_at")
    public Instant expiredAt;

    static SilenceEntity of(Silence silence) {
        SilenceEntity entity = new SilenceEntity();
        entity.id = silence.id();
        entity.matchers = silence.matchers();
        entity.startsAt = silence.startsAt();
        entity.endsAt = silence.endsAt();
        entity.createdBy = silence.createdBy();
        entity.comment = silence.comment();
        entity.createdAt = silence.createdAt();
        entity.expiredAt = silence.expiredAt();
        return entity;
    }

    Silence silence() {
        return new Silence(
                id,
                matchers == null ? List.of() : List.copyOf(matchers),
                startsAt,
                endsAt,
                createdBy,
                comment,
                createdAt,
                expiredAt);
    }
}
