package io.railscope.store;

import io.quarkus.hibernate.orm.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;

/** A cell Railscope has collected at least once. */
@Entity
@Table(name = "cell")
public class CellEntity extends PanacheEntityBase {

    @Id
    public Integer id;

    public String name;

    public String kind;

    @Column(name = "first_seen")
    public Instant firstSeen;

    @Column(name = "collection_seq")
    public Long collectionSeq;

    @Column(name = "collected_at")
    public Instant collectedAt;

    @Column(name = "sampled_at")
    public Instant sampledAt;

    @Column(name = "ports_fingerprint")
    public Long portsFingerprint;
}
