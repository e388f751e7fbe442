package io.railscope.store;

import io.quarkus.hibernate.orm.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;
import org.hibernate.annotations.JdbcTypeCode;
import org.hibernate.type.SqlTypes;

/** An address pool of a cell with its current usage. */
@Entity
@Table(name = "ip_pool")
public class IpPoolEntity extends PanacheEntityBase {

    @Id
    public Integer id;

    @Column(name = "cell_id")
    public Integer cellId;

    public String name;

    public String plane;

    public Short rail;

    public String kind;

    @JdbcTypeCode(SqlTypes.ARRAY)
    public String[] cidrs;

    @Column(name = "block_prefix")
    public Short blockPrefix;

    public Long capacity;

    public Long allocated;

    @Column(name = "blocks_total")
    public Long blocksTotal;

    @Column(name = "blocks_used")
    public Long blocksUsed;

    public String health;

    public String reason;

    @Column(name = "collection_seq")
    public Long collectionSeq;

    @Column(name = "sampled_at")
    public Instant sampledAt;

    public Long leaked;

    @Column(name = "allocation_failures")
    public Long allocationFailures;
}
