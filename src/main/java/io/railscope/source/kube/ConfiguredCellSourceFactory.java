package io.railscope.source.kube;

import io.fabric8.kubernetes.client.KubernetesClient;
import io.railscope.config.CellConfig;
import io.railscope.config.CellSettings;
import io.railscope.config.RailscopeConfig;
import io.railscope.source.CellSourceFactory;
import io.railscope.source.CellSources;
import io.railscope.source.KubernetesSource;
import io.railscope.source.NodeMetricsSource;
import io.railscope.source.exposition.ExporterScrapeSource;
import io.railscope.source.exposition.ExporterTarget;
import io.railscope.source.exposition.PrometheusQuerySource;
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
    private final List<KubernetesClient> clients = new CopyOnWriteArrayList<>();

    public ConfiguredCellSourceFactory(RailscopeConfig config) {
        this.config = config;
    }

    @Override
    public Optional<CellSources> create(CellSettings cell) {
        if (cell.simulated().isPresent() || cell.configured().isEmpty()) {
            return Optional.empty();
        }
        CellConfig configured = cell.configured().get();
        KubernetesClient client;
        KubernetesSource kubernetes;
        try {
            client = KubernetesClients.create(configured.kubernetes(), config.collect().sourceTimeout());
            clients.add(client);
            kubernetes = new KubernetesIpamSource(client, cell.ipam(), cell.railDevices().size(), Clock.systemUTC());
        } catch (RuntimeException e) {
            // a cell whose client cannot be built is shown failing with the reason; the other cells still run
            String reason = "no Kubernetes client for cell " + cell.name() + ": " + e.getMessage();
            client = null;
            kubernetes = () -> {
                throw new IllegalStateException(reason);
            };
        }
        return Optional.of(new CellSources(Optional.of(kubernetes), nodeMetrics(configured.metrics(), client), Optional.empty()));
    }

    private static Optional<NodeMetricsSource> nodeMetrics(CellConfig.Metrics metrics, KubernetesClient client) {
        if (metrics.prometheusUrl().isPresent()) {
            return Optional.of(new PrometheusQuerySource(metrics.prometheusUrl().get(), metrics.selector().orElse(""), metrics.nodeLabel(),
                    metrics.targetTimeout(), Clock.systemUTC()));
        }
        if (metrics.targets().isPresent()) {
            List<ExporterTarget> targets = metrics.targets().get().stream().map(ExporterTarget::of).toList();
            return Optional.of(new ExporterScrapeSource(() -> targets, metrics.targetTimeout(), metrics.scrapeParallelism(),
                    Clock.systemUTC()));
        }
        if (metrics.exporterSelector().isPresent() && client != null) {
            ExporterDiscovery discovery = new ExporterDiscovery(client, metrics.exporterSelector().get(), metrics.exporterPort());
            return Optional.of(new ExporterScrapeSource(discovery::targets, metrics.targetTimeout(), metrics.scrapeParallelism(),
                    Clock.systemUTC()));
        }
        return Optional.empty();
    }

    @PreDestroy
    void close() {
        clients.forEach(KubernetesClient::close);
    }
}
