package io.railscope.source.kube;

import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.railscope.config.CellConfig;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

/** Builds one fabric8 client per cell from its kubeconfig file and context, or from in-cluster credentials. */
final class KubernetesClients {

    private KubernetesClients() {
    }

    static KubernetesClient create(CellConfig.Kubernetes kubernetes, Duration requestTimeout) {
        Config config;
        if (kubernetes.kubeconfig().isPresent()) {
            Path path = Path.of(kubernetes.kubeconfig().get());
            try {
                config = Config.fromKubeconfig(kubernetes.context().orElse(null), Files.readString(path), path.toString());
            } catch (IOException e) {
                throw new UncheckedIOException("cannot read kubeconfig " + path + ": " + e.getMessage(), e);
            }
        } else {
            // in-cluster credentials when no kubeconfig is found, else the default kubeconfig and the given context
            config = Config.autoConfigure(kubernetes.context().orElse(null));
        }
        int millis = (int) Math.min(Integer.MAX_VALUE, requestTimeout.toMillis());
        config.setRequestTimeout(millis);
        config.setConnectionTimeout(millis);
        config.setRequestRetryBackoffLimit(0);
        return new KubernetesClientBuilder().withConfig(config).build();
    }
}
