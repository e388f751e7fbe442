package io.railscope.telemetry;

import io.prometheus.client.CollectorRegistry;
import io.prometheus.client.Counter;
import io.prometheus.client.Gauge;
import io.prometheus.client.Histogram;
import io.prometheus.client.hotspot.DefaultExports;
import jakarta.inject.Singleton;

/**
 * Railscope's own metrics. The registry is owned here, not the client's global default, so a second
 * start in one JVM (tests) registers again without a clash.
 */
@Singleton
public class SelfMetrics {

    private final CollectorRegistry registry = new CollectorRegistry(true);

    public final Histogram collectionDuration = Histogram.build()
            .name("railscope_collection_duration_seconds")
            .help("Time of one collection of a cell, from the first fetch to the committed state.")
            .labelNames("cell")
            .buckets(0.05, 0.1, 0.25, 0.5, 1, 2, 3, 5, 10, 20, 30, 60)
            .register(registry);

    public final Histogram sourceDuration = Histogram.build()
            .name("railscope_source_fetch_duration_seconds")
            .help("Time one source of a cell took to fetch, until success, error or timeout.")
            .labelNames("cell", "source")
            .buckets(0.01, 0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 20, 30, 60)
            .register(registry);

    public final Counter sourceErrors = Counter.build()
            .name("railscope_source_errors_total")
            .help("Fetches of a source of a cell that failed or timed out.")
            .labelNames("cell", "source")
            .register(registry);

    public final Histogram commitDuration = Histogram.build()
            .name("railscope_commit_duration_seconds")
            .help("Time to write one collection of a cell to PostgreSQL in one transaction.")
            .labelNames("cell")
            .buckets(0.01, 0.05, 0.1, 0.25, 0.5, 1, 2, 3, 5, 10)
            .register(registry);

    public final Counter commitErrors = Counter.build()
            .name("railscope_commit_errors_total")
            .help("Collections of a cell whose commit failed; the previous state stays.")
            .labelNames("cell")
            .register(registry);

    public final Counter commitsFenced = Counter.build()
            .name("railscope_commits_fenced_total")
            .help("Collections of a cell refused at commit because the cell's lease had passed to another replica or"
                    + " expired by the database's clock.")
            .labelNames("cell")
            .register(registry);

    public final Gauge cellsHeld = Gauge.build()
            .name("railscope_replica_cells")
            .help("Cells this replica collects: those whose leases it holds.")
            .labelNames("replica")
            .register(registry);

    public final Gauge replicasLive = Gauge.build()
            .name("railscope_replicas_live")
            .help("Replicas the database heard from within a lease, this one included, read when scraped.")
            .register(registry);

    public final Gauge heartbeatAge = Gauge.build()
            .name("railscope_replica_heartbeat_age_seconds")
            .help("Age of this replica's last heartbeat by the database's clock, read when scraped (+Inf: none).")
            .register(registry);

    public final Gauge leasesLapsed = Gauge.build()
            .name("railscope_replica_leases_lapsed")
            .help("Leases this replica holds by its own account that the database says have lapsed or passed on.")
            .register(registry);

    public final Counter leaseSkips = Counter.build()
            .name("railscope_replica_lease_skips_total")
            .help("Leases this replica should have taken but skipped, their row locked by another session.")
            .labelNames("lease")
            .register(registry);

    public final Gauge stuckSessions = Gauge.build()
            .name("railscope_replica_stuck_sessions")
            .help("Database sessions of a replica whose heartbeat stopped, in a transaction for longer than a lease.")
            .labelNames("replica")
            .register(registry);

    public final Counter sessionsEnded = Counter.build()
            .name("railscope_replica_sessions_ended_total")
            .help("Stuck database sessions of other replicas this replica ended (pg_terminate_backend).")
            .labelNames("replica")
            .register(registry);

    public final Counter heartbeatErrors = Counter.build()
            .name("railscope_replica_heartbeat_errors_total")
            .help("Heartbeats that could not reach the database; leases not renewed lapse.")
            .register(registry);

    public final Counter rowsWritten = Counter.build()
            .name("railscope_rows_written_total")
            .help("Rows inserted, updated or deleted by collections, per table.")
            .labelNames("cell", "table")
            .register(registry);

    public final Gauge lastSuccess = Gauge.build()
            .name("railscope_source_last_success_timestamp_seconds")
            .help("Unix time of the last successful fetch of a source of a cell.")
            .labelNames("cell", "source")
            .register(registry);

    public SelfMetrics() {
        DefaultExports.register(registry);
    }

    public CollectorRegistry registry() {
        return registry;
    }
}
