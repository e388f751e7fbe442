package io.railscope.source.kube;

import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
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

    /**
     * Reads the log; a request that failed below HTTP (a pooled connection the server had closed) is
     * tried once more at once, an HTTP error is not.
     */
    NcclLogFacts read(String namespace, String pod, String container) throws IOException {
        try {
            return readOnce(namespace, pod, container);
        } catch (IOException e) {
            return readOnce(namespace, pod, container);
        } catch (RuntimeException e) {
            if (e instanceof KubernetesClientException status && status.getCode() > 0) {
                throw e;
            }
            return readOnce(namespace, pod, container);
        }
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
