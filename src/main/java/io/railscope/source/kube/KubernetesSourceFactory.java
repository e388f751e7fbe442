package io.railscope.source.kube;

import io.railscope.config.CellSettings;
import io.railscope.config.RailscopeConfig;
import io.railscope.source.CellSourceFactory;
import io.railscope.source.CellSources;
import io.railscope.source.KubernetesSource;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Clock;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;

/** Gives every configured (not simulated) cell a Kubernetes source with its own client. */
@ApplicationScoped
public class KubernetesSourceFactory implements CellSourceFactory {

    private final RailscopeConfig config;
    private final List<KubernetesIpamSource> sources = new CopyOnWriteArrayList<>();

    public KubernetesSourceFactory(RailscopeConfig config) {
        this.config = config;
    }

    @Override
    public Optional<CellSources> create(CellSettings cell) {
        if (cell.simulated().isPresent() || cell.configured().isEmpty()) {
            return Optional.empty();
        }
        KubernetesSource source;
        try {
            var client = KubernetesClients.create(cell.configured().get().kubernetes(), config.collect().sourceTimeout());
            KubernetesIpamSource ipam = new KubernetesIpamSource(client, cell.ipam(), cell.railDevices().size(), Clock.systemUTC());
            sources.add(ipam);
            source = ipam;
        } catch (RuntimeException e) {
            // a cell whose client cannot be built is shown failing with the reason; the other cells still run
            String reason = "no Kubernetes client for cell " + cell.name() + ": " + e.getMessage();
            source = () -> {
                throw new IllegalStateException(reason);
            };
        }
        return Optional.of(new CellSources(Optional.of(source), Optional.empty(), Optional.empty()));
    }

    @PreDestroy
    void close() {
        sources.forEach(KubernetesIpamSource::close);
    }
}
