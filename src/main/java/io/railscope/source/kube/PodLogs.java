package io.railscope.source.kube;

import io.fabric8.kubernetes.client.KubernetesClient;
import io.railscope.source.nccl.NcclLogFacts;
import io.railscope.source.nccl.NcclLogParser;
import java.io.IOException;
import java.io.InputStream;

/**
 * Reads a container's log from the Kubernetes API as a stream, asking the API server for at most
 * {@code maxBytes} and stopping there itself too, and keeps only its NCCL facts.
 */
final class PodLogs {

    private final KubernetesClient client;
    private final int maxBytes;

    PodLogs(KubernetesClient client, int maxBytes) {
        this.client = client;
        this.maxBytes = maxBytes;
    }

    /** Reads the log, once more at once when the read failed below HTTP ({@link OnceMore}). */
    NcclLogFacts read(String namespace, String pod, String container) throws IOException {
        return OnceMore.belowHttp(() -> readOnce(namespace, pod, container));
    }

    private NcclLogFacts readOnce(String namespace, String pod, String container) throws IOException {
        try (InputStream log = client.pods()
                .inNamespace(namespace)
                .withName(pod)
                .inContainer(container)
                .limitBytes(maxBytes)
                .getLogInputStream()) {
            if (log == null) {
                throw new IOException("the API server returned no log");
            }
            return NcclLogParser.parse(log, maxBytes);
        }
    }
}
