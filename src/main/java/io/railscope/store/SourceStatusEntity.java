package io.railscope.store;

import io.quarkus.hibernate.orm.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Embeddable;
import jakarta.persistence.EmbeddedId;
import jakarta.persistence.Entity;
import jakarta.persistence.Table;
import java.io.Serializable;
import java.time.Instant;

/** How a source of a cell last fared. */
@Entity
@Table(name = "source_status")
public class SourceStatusEntity extends PanacheEntityBase {

    @EmbeddedId
    public Key key;

    @Column(name = "last_attempt_at")
    public Instant lastAttemptAt;

    @Column(name = "last_success_at")
    public Instant lastSuccessAt;

    @Column(name = "last_duration_ms")
    public Integer lastDurationMs;

    public String error;

    /** What went wrong without failing the source at its last fetch. */
    public String problems;

    @Column(name = "consecutive_failures")
    public Integer consecutiveFailures;

    /** Cell and source kind. */
    @Embeddable
    public record Key(@Column(name = "cell_id") Integer cellId, String source) implements Serializable {
    }
}
