package io.railscope.collect;

import io.railscope.alert.AlertInputs;
import io.railscope.assess.JobsState;
import io.railscope.assess.KubernetesState;
import io.railscope.assess.PoolHeadroom;
import io.railscope.audit.IsolationAudit;
import io.railscope.config.CellSettings;
import io.railscope.config.RailscopeConfig;
import io.railscope.fabric.FabricLocalisation;
import io.railscope.model.SourceKind;
import io.railscope.replica.Fence;
import io.railscope.replica.FencedException;
import io.railscope.replica.Lease;
import io.railscope.replica.Replicas;
import io.railscope.source.KubernetesSnapshot;
import io.railscope.source.NodeMetricsSnapshot;
import io.railscope.source.ipam.RailMapping;
import io.railscope.source.nccl.NcclSnapshot;
import io.railscope.source.topology.TopologyLabels;
import io.railscope.store.CommitReport;
import io.railscope.store.JobBusbwSamples;
import io.railscope.telemetry.SelfMetrics;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Function;
import org.jboss.logging.Logger;

/** Collects one cell: fetch every source, assess, commit. One collection at a time per cell. */
public final class CellCollector {

    private final CellSettings cell;
    private final SourceFetcher fetcher;
    private final MetricsAssessor metricsAssessor;
    private final NodePlacements nodePlacements;
    private final TopologyFileLinks topologyFile;
    private final JobAssessor jobAssessor;
    private final IsolationAudit audit;
    private final Consumer<CellSettings> afterCollection;
    private final RailscopeConfig config;
    private final CollectionCommit writer;
    private final SelfMetrics metrics;
    private static final Logger LOG = Logger.getLogger(CellCollector.class);

    private final Clock clock;
    private final Replicas replicas;
    private final String lease;

    CellCollector(
            CellSettings cell,
            SourceFetcher fetcher,
            RailscopeConfig config,
            CollectionCommit writer,
            JobBusbwSamples baselines,
            SelfMetrics metrics,
            Clock clock,
            Consumer<CellSettings> afterCollection,
            Function<String, List<AlertInputs.Port>> committedUnhealthyPorts,
            Replicas replicas) {
        this.afterCollection = afterCollection;
        this.replicas = replicas;
        this.lease = Lease.ofCell(cell.name());
        this.cell = cell;
        this.jobAssessor = new JobAssessor(cell.name(), cell.nccl(), baselines);
        this.audit = new IsolationAudit(
                cell.audit(), RailMapping.of(cell.railDevices().size(), cell.ipam()));
        this.fetcher = fetcher;
        this.metricsAssessor = new MetricsAssessor(
                cell,
                config.thresholds(),
                FabricLocalisation.Settings.of(config.fabric()),
                audit,
                () -> committedUnhealthyPorts.apply(cell.name()));
        this.nodePlacements = new NodePlacements(
                cell.name(),
                new TopologyLabels(config.fabric().topologyLabelKeys().orElse(List.of())));
        this.topologyFile = new TopologyFileLinks(
                cell.name(), config.fabric().topologyFiles().get(cell.name()));
        this.config = config;
        this.writer = writer;
        this.metrics = metrics;
        this.clock = clock;
    }

    public CellSettings cell() {
        return cell;
    }

    /**
     * A collection asked of this replica: takes the cell's lease when no other replica holds it, then collects.
     *
     * @throws CollectedElsewhereException when another replica holds the cell's lease
     */
    public CommitReport collect() {
        Fence fence = replicas.claim(lease).orElseThrow(() -> new CollectedElsewhereException(cell.name()));
        return collect(fence);
    }

    /** A scheduled collection: runs only while this replica holds the cell's lease. */
    Optional<CommitReport> collectIfHeld() {
        return replicas.fence(lease).map(this::collect);
    }

    /**
     * Runs one collection and commits it under {@code fence}, then hands the cell to what follows a collection
     * (alert rules), whether the commit succeeded or not, unless the lease was lost or lapsed meanwhile; a failed commit
     * leaves the previous state and is rethrown.
     */
    private synchronized CommitReport collect(Fence fence) {
        long started = System.nanoTime();
        Instant at = clock.instant();
        FetchResults results = fetcher.fetchAll();
        var thresholds = config.thresholds();
        Optional<KubernetesState> kubernetes = results.snapshot(SourceKind.KUBERNETES, KubernetesSnapshot.class)
                .map(snapshot -> new KubernetesState(
                        snapshot,
                        snapshot.pools().stream()
                                .map(pool -> new KubernetesState.AssessedPool(pool, PoolHeadroom.of(pool, thresholds)))
                                .toList(),
                        audit.audit(snapshot.isolation())));
        var fabricInputs = new FabricInputs(
                nodePlacements.of(results.snapshot(SourceKind.KUBERNETES, KubernetesSnapshot.class)),
                topologyFile.links());
        var nodeMetrics = results.snapshot(SourceKind.NODE_METRICS, NodeMetricsSnapshot.class)
                .map(snapshot -> metricsAssessor.assess(snapshot, fence.epoch(), fabricInputs));
        Optional<JobsState> jobs =
                results.snapshot(SourceKind.NCCL, NcclSnapshot.class).map(jobAssessor::assess);
        CellCollection collection = new CellCollection(
                cell.name(), cell.simulated().isPresent(), at, results.outcomes(), kubernetes, nodeMetrics, jobs);
        long commitStarted = System.nanoTime();
        boolean fenced = false;
        try {
            CommitReport report =
                    writer.commit(collection, fence, config.history().sampleInterval());
            metrics.commitDuration.labels(cell.name()).observe((System.nanoTime() - commitStarted) / 1e9);
            report.rowsByTable()
                    .forEach((table, rows) ->
                            metrics.rowsWritten.labels(cell.name(), table).inc(rows));
            return report;
        } catch (FencedException e) {
            metrics.commitsFenced.labels(cell.name()).inc();
            fenced = true;
            throw e;
        } catch (RuntimeException e) {
            metrics.commitErrors.labels(cell.name()).inc();
            throw e;
        } finally {
            metrics.collectionDuration.labels(cell.name()).observe((System.nanoTime() - started) / 1e9);
            long after = System.nanoTime();
            if (!fenced && replicas.fence(lease).isPresent()) {
                afterCollection.accept(cell);
            }
            LOG.debugf(
                    "cell %s: collection of %s took %d ms to fetch and assess, %d ms to commit, %d ms after",
                    cell.name(),
                    at,
                    (commitStarted - started) / 1_000_000,
                    (after - commitStarted) / 1_000_000,
                    (System.nanoTime() - after) / 1_000_000);
        }
    }
}
