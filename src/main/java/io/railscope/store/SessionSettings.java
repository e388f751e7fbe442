package io.railscope.store;

import io.agroal.api.AgroalPoolInterceptor;
import io.quarkus.agroal.DataSource;
import io.railscope.config.RailscopeConfig;
import io.railscope.replica.ReplicaIdentity;
import jakarta.enterprise.inject.Default;
import jakarta.inject.Singleton;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;

/**
 * What every new connection of a pool is set to: the replica's name as its {@code application_name}, so that a
 * session a stuck replica left behind can be found and ended; TCP keepalives from the server's side, so that a
 * connection whose client vanished is noticed in seconds rather than hours; no wait on a lock, and no transaction
 * left idle, longer than a lease: past that, what the session would commit is refused anyway; and, on the client's
 * side, no read that waits for the server longer than {@code networkTimeout}, so that a cut network fails a call
 * rather than hanging it.
 */
abstract class SessionSettings implements AgroalPoolInterceptor {

    /** Seconds of silence before the server probes the client, between probes, and probes lost before it gives up. */
    private static final int KEEPALIVE_IDLE = 5;

    private static final int KEEPALIVE_INTERVAL = 2;
    private static final int KEEPALIVE_COUNT = 3;

    private final ReplicaIdentity identity;
    private final Duration lease;
    private final Duration networkTimeout;

    SessionSettings(ReplicaIdentity identity, RailscopeConfig config, Duration networkTimeout) {
        this.identity = identity;
        this.lease = config.replicas().leaseDuration();
        this.networkTimeout = networkTimeout;
    }

    /** The main pool: its reads and commits may each wait for the server two leases at most. */
    @Singleton
    @Default
    static class Main extends SessionSettings {
        Main(ReplicaIdentity identity, RailscopeConfig config) {
            super(identity, config, config.replicas().leaseDuration().multipliedBy(2));
        }
    }

    /** The leases' pool: a heartbeat's call waits for the server two heartbeat intervals at most. */
    @Singleton
    @DataSource("leases")
    static class Leases extends SessionSettings {
        Leases(ReplicaIdentity identity, RailscopeConfig config) {
            super(identity, config, config.replicas().heartbeatInterval().multipliedBy(2));
        }
    }

    @Override
    public void onConnectionCreate(Connection connection) {
        try (Statement set = connection.createStatement()) {
            set.execute("SELECT set_config('application_name', '"
                    + identity.applicationName().replace("'", "''") + "', false)");
            set.execute("SET tcp_keepalives_idle = " + KEEPALIVE_IDLE);
            set.execute("SET tcp_keepalives_interval = " + KEEPALIVE_INTERVAL);
            set.execute("SET tcp_keepalives_count = " + KEEPALIVE_COUNT);
            set.execute("SET lock_timeout = " + lease.toMillis());
            set.execute("SET idle_in_transaction_session_timeout = " + lease.toMillis());
            connection.setNetworkTimeout(Runnable::run, (int) networkTimeout.toMillis());
        } catch (SQLException e) {
            throw new StoreException("setting up a database session failed: " + e.getMessage(), e);
        }
    }
}
