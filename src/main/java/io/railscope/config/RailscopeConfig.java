package io.railscope.config;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import jakarta.validation.Valid;
import jakarta.validation.constraints.DecimalMax;
import jakarta.validation.constraints.DecimalMin;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.Positive;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;

/** Everything under {@code railscope.}: the collection loop, history, thresholds and the cells. */
@ConfigMapping(prefix = "railscope")
public interface RailscopeConfig {

    Collect collect();

    History history();

    Thresholds thresholds();

    FabricConfig fabric();

    AlertsConfig alerts();

    SecurityConfig security();

    Nccl nccl();

    Replicas replicas();

    Database database();

    /** Cells by name. When empty, Railscope runs the built-in simulated fleet. */
    Map<String, @Valid CellConfig> cells();

    /** {@code railscope.nccl.}: what one job and one pushed log may hold, in every cell. */
    interface Nccl {
        /** Ranks kept per job (lowest first); the rest are counted and the job says so. */
        @WithDefault("16384")
        @Min(1)
        @Max(1_000_000)
        int maxRanksPerJob();

        /** NCCL warnings kept per job (fatal first); the rest are counted and the job says so. */
        @WithDefault("100")
        @Min(1)
        @Max(100_000)
        int maxWarningsPerJob();

        /** A rank whose own bus bandwidth is under this fraction of its job's median is listed as slow. */
        @WithDefault("0.8")
        @DecimalMin(value = "0", inclusive = false)
        @DecimalMax("1")
        double slowRankFactor();

        /** Distinct hosts one pushed log may bring; ranks of further hosts are dropped and counted. */
        @WithDefault("1024")
        @Min(1)
        @Max(1_000_000)
        int maxHostsPerPush();
    }

    /**
     * {@code railscope.database.}: Railscope's own PostgreSQL, started when no {@code quarkus.datasource.jdbc.url} is
     * configured (read by {@code io.railscope.database.EmbeddedDatabaseConfig} before the application starts).
     */
    interface Database {
        /** Its binaries, data and log (default {@code /var/lib/railscope} as root, else {@code ~/.railscope}). */
        Optional<String> directory();

        /** The unprivileged user it runs as when Railscope runs as root (created when missing). */
        @WithDefault("railscope")
        String user();
    }

    /** {@code railscope.replicas.}: how replicas sharing one database split the cells between them. */
    interface Replicas {
        /** This replica's name on pages and in the lease table (default: HOSTNAME, else the host's name). */
        Optional<String> name();

        /** How often a replica announces itself and renews its leases. */
        @WithDefault("5s")
        Duration heartbeatInterval();

        /**
         * How long a lease lasts unless renewed; a replica not heard from for this long is gone, and its cells are
         * taken over at the next heartbeat of the replicas that remain. At least three heartbeat intervals.
         */
        @WithDefault("15s")
        Duration leaseDuration();

        /**
         * Whether a replica ends (pg_terminate_backend) the database sessions of another replica whose heartbeat
         * stopped while the session stayed in a transaction for longer than a lease. PostgreSQL shows and lets end only
         * a role's own sessions: it works when the replicas share the database's role.
         */
        @WithDefault("true")
        boolean endStuckSessions();
    }

    interface Collect {
        /** Default time between two collections of a cell. */
        @WithDefault("30s")
        Duration interval();

        /**
         * Whether each cell is collected on its own every interval. Off, the collection jobs exist but are
         * paused: a collection runs only when one is asked for (the tests drive collections this way).
         */
        @WithDefault("true")
        boolean scheduled();

        /** How long one source of one cell may take before it is abandoned and marked stale. */
        @WithDefault("20s")
        Duration sourceTimeout();

        /** A source whose last success is older than this many intervals makes its cell stale. */
        @WithDefault("3")
        @Min(1)
        int staleAfterIntervals();
    }

    interface History {
        /** Raw samples are written at most this often per cell (every collection still updates current state). */
        @WithDefault("5m")
        Duration sampleInterval();

        /** How long raw samples are kept before only their hourly rollups remain. */
        @WithDefault("2d")
        Duration rawRetention();

        /** How long hourly rollups (and pool usage history) are kept. */
        @WithDefault("30d")
        Duration rollupRetention();

        /** How often the retention job rolls up, creates and drops partitions. */
        @WithDefault("15m")
        Duration maintenanceInterval();
    }

    interface Thresholds {
        /** Symbol errors per hour above which a port is degraded (about a 1e-12 bit-error rate at 400G). */
        @WithDefault("120")
        @Positive
        double symbolErrorsPerHour();

        /** Receive errors, discards and integrity errors per second above which a port is degraded. */
        @WithDefault("1")
        @Positive
        double errorsPerSecond();

        /** RoCE packets lost per second (out-of-sequence, sequence errors, ACK timeouts) above which a port is degraded. */
        @WithDefault("1")
        @Positive
        double roceLossPerSecond();

        /** Share of time a port waited to transmit above which it is congested. */
        @WithDefault("0.05")
        @DecimalMin("0")
        @DecimalMax("1")
        double congestionRatio();

        /**
         * Share of time a RoCE port was paused by PFC (its received pause durations, summed over priorities) above which
         * it is congested. Railscope's default: no upstream gives a number; mlx5's pause-storm watchdog acts only after
         * 100 ms of continuous pause (MLX5E_PFC_PREVEN_AUTO_TOUT_MSEC).
         */
        @WithDefault("0.01")
        @DecimalMin("0")
        @DecimalMax("1")
        double pfcPauseRatio();

        /** Bytes lost per port_xmit_wait tick (8 on Quantum-class devices). */
        @WithDefault("8")
        @Positive
        int bytesPerXmitWaitTick();

        /** Neighbor entries above this share of gc_thresh3 are critical. */
        @WithDefault("0.9")
        @DecimalMin("0")
        @DecimalMax("1")
        double neighborCriticalRatio();

        /** A pool whose free share falls under this ratio is at risk. */
        @WithDefault("0.10")
        @DecimalMin("0")
        @DecimalMax("1")
        double poolFreeWarningRatio();
    }
}
