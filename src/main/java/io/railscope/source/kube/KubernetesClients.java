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

    static final int WATCH_RECONNECTS = 5;

    private KubernetesClients() {}

    static KubernetesClient create(CellConfig.Kubernetes kubernetes, Duration requestTimeout) {
        Config config;
        if (kubernetes.kubeconfig().isPresent()) {
            Path path = Path.of(kubernetes.kubeconfig().get());
            String text;
            try {
                text = Files.readString(path);
            } catch (IOException e) {
                throw new UncheckedIOException("cannot read kubeconfig " + path + ": " + e.getMessage(), e);
            }
            try {
                config = Config.fromKubeconfig(kubernetes.context().orElse(null), text, path.toString());
            } catch (RuntimeException e) {
                // no cause: a YAML parser quotes the lines around the error, which hold tokens and keys
                throw new IllegalArgumentException(
                        "kubeconfig " + path + " is not valid: " + withoutQuotedContent(e.getMessage()));
            }
        } else {
            // in-cluster credentials when no kubeconfig is found, else the default kubeconfig and the given context
            config = Config.autoConfigure(kubernetes.context().orElse(null));
        }
        int millis = (int) Math.min(Integer.MAX_VALUE, requestTimeout.toMillis());
        config.setRequestTimeout(millis);
        config.setConnectionTimeout(millis);
        config.setRequestRetryBackoffLimit(0);
        // a watch whose connection dropped is resumed from its last version a few times (1 s, 2 s, 4 s, …), then
        // ends: the next read lists again, or fails and says so, instead of serving what the dropped watch last had
        config.setWatchReconnectInterval(1000);
        config.setWatchReconnectLimit(WATCH_RECONNECTS);
        return new KubernetesClientBuilder().withConfig(config).build();
    }

    /**
     * The server a client talks to and how it was found, for error messages: the URL, and the kubeconfig and
     * context, or the service account. Never a credential.
     */
    static String where(CellConfig.Kubernetes kubernetes, KubernetesClient client) {
        String context = client.getConfiguration().getCurrentContext() == null
                ? null
                : client.getConfiguration().getCurrentContext().getName();
        String how = kubernetes.inCluster()
                ? "in-cluster service account"
                : "kubeconfig " + kubernetes.kubeconfig().orElse("(default: $KUBECONFIG or ~/.kube/config)")
                        + (context == null ? "" : ", context " + context);
        return client.getMasterUrl() + " (" + how + ")";
    }

    /** The parser's own words and positions ("expected …", "in reader, line 6, column 86"), without the indented lines that quote the file. */
    static String withoutQuotedContent(String message) {
        if (message == null) {
            return "unreadable";
        }
        return message.lines()
                .filter(line -> !line.isBlank()
                        && (!Character.isWhitespace(line.charAt(0))
                                || line.strip().startsWith("in reader,")))
                .map(String::strip)
                .distinct()
                .reduce((a, b) -> a + "; " + b)
                .orElse("unreadable");
    }
}
