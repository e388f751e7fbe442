package io.railscope.source.kube;

import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.railscope.config.CellConfig;
import io.railscope.config.CellSettings;
import io.railscope.config.RailscopeConfig;
import io.railscope.config.RasSettings;
import io.railscope.source.CellSourceFactory;
import io.railscope.source.CellSources;
import io.railscope.source.KubernetesSource;
import io.railscope.source.NodeMetricsSource;
import io.railscope.source.exposition.ExporterScrapeSource;
import io.railscope.source.exposition.ExporterTarget;
import io.railscope.source.exposition.PrometheusQuerySource;
import io.railscope.source.exposition.QueryHeaders;
import io.railscope.source.nccl.NcclJobSource;
import io.railscope.source.nccl.NcclLogArchive;
import io.railscope.source.nccl.NcclSource;
import io.railscope.source.nccl.RasQuerier;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Clock;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * The sources of a configured (not simulated) cell: its Kubernetes API with its own client, and
 * its node metrics from a Prometheus-compatible API, static exporter targets, or exporter pods
 * discovered through that client.
 */
@ApplicationScoped
public class ConfiguredCellSourceFactory implements CellSourceFactory {

    private final RailscopeConfig config;
    private final NcclLogArchive archive;
    private final Clock clock;
    private final List<AutoCloseable> closeables = new CopyOnWriteArrayList<>();

    public ConfiguredCellSourceFactory(RailscopeConfig config, NcclLogArchive archive, Clock clock) {
        this.clock = clock;
        this.config = config;
        this.archive = archive;
    }

    @Override
    public Optional<CellSources> create(CellSettings cell) {
        if (cell.simulated().isPresent() || cell.configured().isEmpty()) {
            return Optional.empty();
        }
        CellConfig configured = cell.configured().get();
        if (!cell.readsKubernetes()) {
            // a metrics-only cell: its Kubernetes API is never attempted, so neither IPAM nor NCCL jobs
            return Optional.of(
                    new CellSources(Optional.empty(), nodeMetrics(configured.metrics(), null, ""), Optional.empty()));
        }
        KubernetesClient client;
        KubernetesSource kubernetes;
        try {
            client = KubernetesClients.create(
                    configured.kubernetes(), config.collect().sourceTimeout());
            closeables.add(client);
            kubernetes = new KubernetesIpamSource(
                    client,
                    cell.ipam(),
                    cell.audit(),
                    cell.railDevices().size(),
                    clock,
                    KubernetesClients.where(configured.kubernetes(), client));
        } catch (RuntimeException e) {
            // a cell whose client cannot be built is shown failing with the reason; the other cells still run
            String reason = "no Kubernetes client for cell " + cell.name() + ": " + e.getMessage();
            client = null;
            kubernetes = () -> {
                throw new IllegalStateException(reason);
            };
        }
        return Optional.of(new CellSources(
                Optional.of(kubernetes),
                nodeMetrics(
                        configured.metrics(),
                        client,
                        client == null ? "" : KubernetesClients.where(configured.kubernetes(), client)),
                nccl(cell, client)));
    }

    private Optional<NodeMetricsSource> nodeMetrics(CellConfig.Metrics metrics, KubernetesClient client, String where) {
        if (metrics.prometheusUrl().isPresent()) {
            return Optional.of(new PrometheusQuerySource(
                    metrics.prometheusUrl().get(),
                    metrics.selector().orElse(""),
                    metrics.nodeLabel(),
                    metrics.targetTimeout(),
                    clock,
                    new QueryHeaders(metrics.headers(), metrics.bearerTokenFile())));
        }
        if (metrics.targets().isPresent()) {
            List<ExporterTarget> targets =
                    metrics.targets().get().stream().map(ExporterTarget::of).toList();
            return Optional.of(new ExporterScrapeSource(
                    () -> targets,
                    metrics.connectTimeout(),
                    metrics.targetTimeout(),
                    metrics.scrapeParallelism(),
                    clock));
        }
        if (metrics.exporterSelector().isPresent() && client != null) {
            ExporterDiscovery discovery =
                    new ExporterDiscovery(client, metrics.exporterSelector().get(), metrics.exporterPort(), where);
            return Optional.of(new ExporterScrapeSource(
                    discovery::targets,
                    metrics.connectTimeout(),
                    metrics.targetTimeout(),
                    metrics.scrapeParallelism(),
                    clock));
        }
        return Optional.empty();
    }

    /** Training jobs and their NCCL logs, read through the cell's Kubernetes client. */
    private Optional<NcclSource> nccl(CellSettings cell, KubernetesClient client) {
        if (client == null) {
            return Optional.empty();
        }
        TrainingPods pods = new TrainingPods(client, cell.nccl().jobLabels());
        PodLogs logs = new PodLogs(client, cell.nccl().logMaxBytes());
        String where = KubernetesClients.where(cell.configured().orElseThrow().kubernetes(), client);
        NcclJobSource source = new NcclJobSource(
                cell.name(),
                cell.nccl(),
                () -> {
                    try {
                        return pods.list();
                    } catch (KubernetesClientException e) {
                        throw KubernetesErrors.inWords(e, where);
                    }
                },
                logs::read,
                archive,
                clock,
                cell.nccl().ras().mode() == RasSettings.Mode.EXEC
                        ? new RasThroughExec(client, cell.nccl().ras().command(), where)
                        : RasQuerier.TCP);
        closeables.add(source);
        return Optional.of(source);
    }

    @PreDestroy
    void close() {
        for (AutoCloseable closeable : closeables) {
            try {
                closeable.close();
            } catch (Exception e) {
                // closing at shutdown: nothing left to do about it
            }
        }
    }
}
