package io.railscope.store;

import io.quarkus.hibernate.orm.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;
import org.hibernate.annotations.JdbcTypeCode;
import org.hibernate.type.SqlTypes;

/** The health of a cell as derived by its last collection. */
@Entity
@Table(name = "cell_summary")
public class CellSummaryEntity extends PanacheEntityBase {

    @Id
    @Column(name = "cell_id")
    public Integer cellId;

    @Column(name = "collection_seq")
    public Long collectionSeq;

    @Column(name = "computed_at")
    public Instant computedAt;

    public String health;

    public Integer nodes;

    @Column(name = "rail_ports")
    public Integer railPorts;

    @Column(name = "ports_down")
    public Integer portsDown;

    @Column(name = "ports_degraded")
    public Integer portsDegraded;

    @Column(name = "neighbor_warning")
    public Integer neighborWarning;

    @Column(name = "neighbor_critical")
    public Integer neighborCritical;

    public Integer pools;

    @Column(name = "pools_at_risk")
    public Integer poolsAtRisk;

    @Column(name = "primary_free_blocks")
    public Long primaryFreeBlocks;

    @Column(name = "primary_total_blocks")
    public Long primaryTotalBlocks;

    public Integer jobs;

    @Column(name = "jobs_degraded")
    public Integer jobsDegraded;

    @Column(name = "sources_failing")
    public Integer sourcesFailing;

    @JdbcTypeCode(SqlTypes.ARRAY)
    public String[] reasons;

    @Column(name = "ipam_leaks")
    public Integer ipamLeaks;

    @Column(name = "allocation_failures")
    public Integer allocationFailures;

    @Column(name = "stuck_pods")
    public Integer stuckPods;

    public Integer exporters;

    @Column(name = "exporters_down")
    public Integer exportersDown;

    @Column(name = "isolation_findings")
    public Integer isolationFindings;
}
