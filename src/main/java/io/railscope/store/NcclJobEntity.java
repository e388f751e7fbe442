package io.railscope.store;

import io.quarkus.hibernate.orm.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;

/** A training job of a cell and its transport verdict. */
@Entity
@Table(name = "nccl_job")
public class NcclJobEntity extends PanacheEntityBase {

    @Id
    public Integer id;

    @Column(name = "cell_id")
    public Integer cellId;

    public String namespace;

    public String name;

    public String transport;

    public String verdict;

    public String reason;

    public Integer nranks;

    @Column(name = "requested_rails")
    public Short requestedRails;

    @Column(name = "busbw_gbps")
    public Float busbwGbps;

    public Boolean running;

    @Column(name = "first_seen")
    public Instant firstSeen;

    @Column(name = "last_seen")
    public Instant lastSeen;
}
