package io.railscope.collect;

import io.prometheus.client.Gauge;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import io.quarkus.scheduler.Scheduled.ConcurrentExecution;
import io.quarkus.scheduler.Scheduler;
import io.railscope.alert.AlertEvaluator;
import io.railscope.config.CellSettings;
import io.railscope.config.Fleet;
import io.railscope.config.RailscopeConfig;
import io.railscope.replica.FencedException;
import io.railscope.replica.Lease;
import io.railscope.replica.Replicas;
import io.railscope.replica.Standing;
import io.railscope.replica.StandingProbe;
import io.railscope.source.CellSourceFactory;
import io.railscope.source.CellSources;
import io.railscope.store.HistoryRetention;
import io.railscope.store.JobBusbwSamples;
import io.railscope.store.SqlStuckSessions;
import io.railscope.telemetry.SelfMetrics;
import jakarta.annotation.Priority;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.inject.Instance;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.ToDoubleFunction;
import org.jboss.logging.Logger;

/**
 * Starts one scheduler job per cell, and the replica's heartbeat. Jobs of different cells run on their own threads
 * and never wait for each other; a job still running when its next turn comes is skipped, not queued. Each cell
 * has its own phase in its interval ({@link CollectionPhase}), so that cells are not all collected at once. A cell's job
 * collects only while this replica holds the cell's lease; a cell whose lease this replica takes over at a heartbeat
 * is collected at once.
 */
@ApplicationScoped
public class CollectionLoop {

    private static final Logger LOG = Logger.getLogger(CollectionLoop.class);

    private final Fleet fleet;
    private final RailscopeConfig config;
    private final Instance<CellSourceFactory> factories;
    private final CollectionCommit writer;
    private final JobBusbwSamples baselines;
    private final AlertEvaluator alerts;
    private final HistoryRetention retention;
    private final SelfMetrics metrics;
    private final Scheduler scheduler;
    private final Replicas replicas;
    private final StandingProbe standing;
    private final StuckHolders stuckHolders;
    private final Clock clock;
    private final Map<String, CellCollector> collectors = new LinkedHashMap<>();
    private final Map<String, CellSources> sources = new LinkedHashMap<>();
    private final ExecutorService fetchExecutor = Executors.newCachedThreadPool(new FetchThreads());
    private final ScheduledExecutorService heartbeats = Executors.newSingleThreadScheduledExecutor(task -> {
        Thread thread = new Thread(task, "railscope-heartbeat");
        thread.setDaemon(true);
        thread.setPriority(Thread.MAX_PRIORITY);
        return thread;
    });

    public CollectionLoop(
            Fleet fleet,
            RailscopeConfig config,
            Instance<CellSourceFactory> factories,
            CollectionCommit writer,
            JobBusbwSamples baselines,
            AlertEvaluator alerts,
            HistoryRetention retention,
            SelfMetrics metrics,
            Scheduler scheduler,
            Replicas replicas,
            StandingProbe standing,
            SqlStuckSessions stuckSessions,
            Clock clock) {
        this.clock = clock;
        this.replicas = replicas;
        this.standing = standing;
        this.stuckHolders = new StuckHolders(stuckSessions, config.replicas().endStuckSessions(), metrics);
        this.baselines = baselines;
        this.alerts = alerts;
        this.fleet = fleet;
        this.config = config;
        this.factories = factories;
        this.writer = writer;
        this.retention = retention;
        this.metrics = metrics;
        this.scheduler = scheduler;
    }

    void start(@Observes @Priority(100) StartupEvent event) {
        retention.preparePartitions();
        for (CellSettings cell : fleet.cells()) {
            CellSources cellSources = sourcesOf(cell);
            sources.put(cell.name(), cellSources);
            SourceFetcher fetcher = new SourceFetcher(
                    cell.name(),
                    cellSources.byKind(),
                    fetchExecutor,
                    config.collect().sourceTimeout(),
                    clock,
                    metrics);
            CellCollector collector = new CellCollector(
                    cell,
                    fetcher,
                    config,
                    writer,
                    baselines,
                    metrics,
                    clock,
                    alerts::evaluate,
                    alerts::unhealthyPorts,
                    replicas);
            collectors.put(cell.name(), collector);
            scheduler
                    .newJob(jobName(cell.name()))
                    .setInterval(cell.interval().toString())
                    .setDelayed(CollectionPhase.of(cell.name(), cell.interval()).toString())
                    .setConcurrentExecution(ConcurrentExecution.SKIP)
                    .setTask(execution -> collectLogged(collector))
                    .schedule();
            if (!config.collect().scheduled()) {
                scheduler.pause(jobName(cell.name()));
            }
        }
        exportStanding();
        heartbeat();
        // a thread of its own: a heartbeat that waits behind collections lets the leases lapse
        long every = replicas.heartbeatInterval().toMillis();
        heartbeats.scheduleWithFixedDelay(this::heartbeat, every, every, TimeUnit.MILLISECONDS);
        LOG.infof(
                "replica %s: collecting %d of %d cell(s)%s%s: %s",
                replicas.id(),
                replicas.cellsHeld(),
                collectors.size(),
                fleet.isBuiltInSimulation() ? " of the built-in simulated fleet (no cell configured)" : "",
                config.collect().scheduled() ? "" : " on demand only (railscope.collect.scheduled=false)",
                collectors.keySet());
    }

    /**
     * One heartbeat of this replica: renews its leases, lets go of those another replica should hold, and collects
     * at once the cells it took over (when collections are scheduled). A database that cannot be reached is logged;
     * the leases not renewed lapse and their cells stop being collected here.
     */
    void heartbeat() {
        try {
            Set<String> busyBefore = replicas.busy();
            Replicas.Changes changes = replicas.heartbeat();
            metrics.cellsHeld.labels(replicas.id()).set(replicas.cellsHeld());
            if (!changes.taken().isEmpty() || !changes.released().isEmpty()) {
                LOG.infof(
                        "replica %s took %s, let go of %s (live replicas: %s)",
                        replicas.id(), changes.taken(), changes.released(), replicas.live());
            }
            changes.busy()
                    .forEach(busy -> metrics.leaseSkips.labels(busy.lease()).inc());
            changes.newlyBusy(busyBefore)
                    .forEach(busy -> LOG.warnf("replica %s: %s", replicas.id(), busy.getMessage()));
            sources.forEach((cell, cellSources) -> {
                if (changes.released().contains(Lease.ofCell(cell))) {
                    cellSources.idle();
                }
            });
            if (config.collect().scheduled()) {
                for (CellCollector collector : collectors.values()) {
                    if (changes.taken().contains(Lease.ofCell(collector.cell().name()))) {
                        fetchExecutor.submit(() -> collectLogged(collector));
                    }
                }
            }
        } catch (RuntimeException e) {
            metrics.heartbeatErrors.inc();
            LOG.errorf("replica %s: heartbeat failed, leases not renewed: %s", replicas.id(), e.getMessage());
        }
        try {
            stuckHolders.sweep();
        } catch (RuntimeException e) {
            LOG.errorf("replica %s: %s", replicas.id(), e.getMessage());
        }
    }

    /** The replica's standing in /metrics, asked of the database at each scrape rather than remembered. */
    private void exportStanding() {
        export(metrics.replicasLive, Standing::live);
        export(
                metrics.heartbeatAge,
                standing -> standing.heartbeatAge() == null
                        ? Double.POSITIVE_INFINITY
                        : standing.heartbeatAge().toMillis() / 1000.0);
        export(metrics.leasesLapsed, standing -> standing.lapsed().size());
    }

    /** {@code gauge} reads {@code value} of the standing when scraped; NaN while the database cannot say. */
    private void export(Gauge gauge, ToDoubleFunction<Standing> value) {
        gauge.setChild(new Gauge.Child() {
            @Override
            public double get() {
                StandingProbe.Answer answer = standing.now();
                return answer.standing() == null ? Double.NaN : value.applyAsDouble(answer.standing());
            }
        });
    }

    /** The scheduler job that collects a cell; paused from the start when railscope.collect.scheduled is false. */
    public static String jobName(String cell) {
        return "collect-" + cell;
    }

    /** The collector of a cell, for a collection on demand. */
    public Optional<CellCollector> collector(String cell) {
        return Optional.ofNullable(collectors.get(cell));
    }

    /**
     * On shutdown, while the database pools are still open: stop heartbeats and collections and hand the leases
     * back, so that the other replicas take this one's cells at their next heartbeat rather than after expiry.
     */
    void stop(@Observes ShutdownEvent event) {
        heartbeats.shutdownNow();
        fetchExecutor.shutdownNow();
        try {
            replicas.leave();
        } catch (RuntimeException e) {
            LOG.warnf(
                    "replica %s: could not hand its leases back, they lapse on their own: %s",
                    replicas.id(), e.getMessage());
        }
    }

    /** The sources every factory offers for the cell; of each kind, the first one offered. */
    private CellSources sourcesOf(CellSettings cell) {
        CellSources sources = new CellSources(Optional.empty(), Optional.empty(), Optional.empty());
        for (CellSourceFactory factory : factories) {
            Optional<CellSources> offered = factory.create(cell);
            if (offered.isPresent()) {
                sources = sources.or(offered.get());
            }
        }
        if (sources.byKind().isEmpty()) {
            LOG.warnf("cell %s: no source is configured; it is listed without data", cell.name());
        }
        return sources;
    }

    private static void collectLogged(CellCollector collector) {
        try {
            collector.collectIfHeld();
        } catch (FencedException e) {
            LOG.warnf("cell %s: %s", collector.cell().name(), e.getMessage());
        } catch (RuntimeException e) {
            LOG.errorf(
                    "cell %s: collection not committed, previous state kept: %s",
                    collector.cell().name(), e.getMessage());
        }
    }

    private static final class FetchThreads implements ThreadFactory {
        private final AtomicInteger count = new AtomicInteger();

        @Override
        public Thread newThread(Runnable task) {
            Thread thread = new Thread(task, "railscope-fetch-" + count.incrementAndGet());
            thread.setDaemon(true);
            return thread;
        }
    }
}
