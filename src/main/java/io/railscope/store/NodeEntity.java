package io.railscope.store;

import io.quarkus.hibernate.orm.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;
import java.util.Map;
import org.hibernate.annotations.JdbcTypeCode;
import org.hibernate.type.SqlTypes;

/** A node of a cell. */
@Entity
@Table(name = "node")
public class NodeEntity extends PanacheEntityBase {

    @Id
    public Integer id;

    @Column(name = "cell_id")
    public Integer cellId;

    public String name;

    public String pool;

    @Column(name = "pod_cidrs")
    @JdbcTypeCode(SqlTypes.ARRAY)
    public String[] podCidrs;

    @Column(name = "max_pods")
    public Integer maxPods;

    @JdbcTypeCode(SqlTypes.JSON)
    public Map<String, String> labels;

    @Column(name = "first_seen")
    public Instant firstSeen;
}
